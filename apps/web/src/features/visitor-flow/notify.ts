import { notifications, type NotificationData } from '@mantine/notifications';
import { i18n } from '../../lib/i18n';

/** A notification whose close button has an accessible name. */
export function notify(data: NotificationData) {
  notifications.show({ closeButtonProps: { 'aria-label': i18n.t('common.close') }, ...data });
}
