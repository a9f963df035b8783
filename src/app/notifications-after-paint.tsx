import { useEffect, useState, type ComponentType } from 'react';
import { useIdle } from '../components/use-idle';

/** How long a failed fetch of the container waits before the next try. */
const RETRY_MS = 3_000;

/**
 * Notifications, whose container (Mantine's, with its transitions, swipe to dismiss and scroll
 * lock, about 10 kB compressed) is fetched once the first screen has drawn rather than beside it.
 * A note raised before then waits in Mantine's store and shows as the container arrives. The
 * container is fetched at the first idle moment, with the other parts the page fetches ahead,
 * so a note still shows when the server goes away later; a failed fetch is tried again.
 */
export function NotificationsAfterPaint() {
  const idle = useIdle();
  const [Placed, setPlaced] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!idle) return;
    let retry: number | undefined;
    let gone = false;
    const attempt = () => {
      import('./placed-notifications').then(
        (part) => {
          if (!gone) setPlaced(() => part.PlacedNotifications);
        },
        () => {
          if (!gone) retry = window.setTimeout(attempt, RETRY_MS);
        },
      );
    };
    attempt();
    return () => {
      gone = true;
      window.clearTimeout(retry);
    };
  }, [idle]);
  return Placed ? <Placed /> : null;
}
