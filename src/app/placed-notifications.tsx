import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import classes from './notifications.module.css';

/**
 * Where notifications show. A part of its own, mounted with the app but not needed for its first
 * paint: notes shown before it arrives wait in the notifications' store and show once it has.
 */
export default function PlacedNotifications() {
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
