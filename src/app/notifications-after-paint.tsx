import { useEffect, useState } from 'react';
import { partAhead } from '../components/lazy-boundary';
import { useIdle } from '../components/use-idle';

/** How long a failed fetch of the container waits before the next try. */
const RETRY_MS = 3_000;

const container = partAhead(() =>
  import('./placed-notifications').then((part) => part.PlacedNotifications),
);

/**
 * Notifications, whose container (Mantine's, with its transitions, swipe to dismiss and scroll
 * lock, about 10 kB compressed) is fetched once the first screen has drawn rather than beside it.
 * A note raised before then waits in Mantine's store and shows as the container arrives. The
 * container is fetched at the first idle moment, with the other parts the page fetches ahead,
 * so a note still shows when the server goes away later; a failed fetch is tried again. Once
 * fetched, the next session's app draws it from the start.
 */
export function NotificationsAfterPaint() {
  const idle = useIdle();
  const [Placed, setPlaced] = useState(container.fetched);
  useEffect(() => {
    if (!idle || Placed) return;
    let retry: number | undefined;
    let gone = false;
    const attempt = () => {
      container.load().then(
        (part) => {
          if (!gone) setPlaced(() => part);
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
  }, [idle, Placed]);
  return Placed ? <Placed /> : null;
}
