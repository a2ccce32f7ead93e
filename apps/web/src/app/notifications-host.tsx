import { Notifications } from '@mantine/notifications';
import { CONSTANTS } from '@sv/contracts';

/**
 * Where notifications.show() messages appear, for the whole app. A module of its own so the router
 * can load it later: a dynamic import of '@mantine/notifications' itself would put the whole
 * package in a chunk that every screen calling notifications.show() imports.
 */
export function NotificationsHost() {
  return <Notifications autoClose={CONSTANTS.notificationMs} position="top-right" />;
}
