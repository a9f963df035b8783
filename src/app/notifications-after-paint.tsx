import { useNotifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { partAhead } from '../components/lazy-boundary';
import { useIdle } from '../components/use-idle';
import { NotesWhileUnreachable } from './notes-while-unreachable';

/** How long a failed fetch of the container waits before the next try. */
const RETRY_MS = 3_000;

const container = partAhead(() =>
  import('./placed-notifications').then((part) => part.PlacedNotifications),
);

/**
 * Notifications, whose container (Mantine's, with its transitions, swipe to dismiss and scroll
 * lock, about 10 kB compressed) is fetched once the first screen has drawn rather than beside it:
 * at the first idle moment, or at once when a note is raised before then. A note waits in
 * Mantine's store and shows as the container arrives. While the container cannot be fetched
 * (the server went away before it was), the notes are drawn with the app's own alerts, and the
 * fetch is tried again. Once fetched, the next session's app draws it from the start.
 */
export function NotificationsAfterPaint() {
  const idle = useIdle();
  const noted = useNotifications().notifications.length > 0;
  const wanted = idle || noted;
  const [Placed, setPlaced] = useState(container.fetched);
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => {
    if (!wanted || Placed) return;
    let retry: number | undefined;
    let gone = false;
    const attempt = () => {
      container.load().then(
        (part) => {
          if (!gone) setPlaced(() => part);
        },
        () => {
          if (gone) return;
          setUnreachable(true);
          retry = window.setTimeout(attempt, RETRY_MS);
        },
      );
    };
    attempt();
    return () => {
      gone = true;
      window.clearTimeout(retry);
    };
  }, [wanted, Placed]);
  if (Placed) return <Placed />;
  return unreachable ? <NotesWhileUnreachable /> : null;
}
