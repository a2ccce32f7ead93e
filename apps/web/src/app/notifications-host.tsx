import { Notifications } from '@mantine/notifications';
import { CONSTANTS } from '@sv/contracts';
import classes from './notifications-host.module.css';

/**
 * Notifications sit below the header, centred over the page (issue 10 §8): at the top right they covered the
 * header's Emergency button and the user menu for the 4 s after every action; at the bottom they
 * covered the dashboard cards' and the tables' buttons (Cancel check-in, Check out, row actions),
 * which sit wherever the attendant just worked. Under the header they sit over the page title —
 * text, never a control, the header or the navigation (placement: notifications-host.module.css).
 *
 * Where notify() messages (lib/notify.ts) appear, for the whole app. A module of its own so the router
 * can load it later: a dynamic import of '@mantine/notifications' itself would put the whole
 * package in a chunk that every screen calling notify() imports.
 */
export function NotificationsHost() {
  return (
    <Notifications autoClose={CONSTANTS.notificationMs} position="top-center" classNames={{ root: classes.root }} />
  );
}
