import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './notifications.module.css';

/** Where notifications show: the container, a part of its own (notifications-after-paint.tsx). */
export function PlacedNotifications() {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    /*
      At the foot of the middle: clear of the header's buttons and a drawer's title, which a
      top position covered, and of the row actions at the table's right end, which the corner
      covered; above the selection bar and a phone's navigation. A few at a time: more wait
      their turn rather than pile up over the page.
    */
    <Notifications position="bottom-center" limit={phone ? 2 : 3} classNames={classes} />
  );
}
