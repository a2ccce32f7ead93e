import { CONSTANTS } from '@sv/contracts';
import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';

/**
 * The one way to show a toast on the web (issue 24 §2; ADR 0032). Every screen calls
 * `notify.success / error / warning / info`; nothing else calls `notifications.show`
 * (one-way.unit.test.ts fails CI otherwise).
 *
 * Durations are the spec's: notifications last 4 s (spec 000 §9, 002 §9) and alerts 4 s on
 * success, 8 s on failure (spec 001 §9, 002 §9) — so a failure stays 8 s everywhere. The close
 * button has an accessible name. Colours are fixed per kind, so screens cannot drift.
 */
export const NOTIFY_KINDS = {
  success: { color: 'green', autoClose: CONSTANTS.alertSuccessMs },
  error: { color: 'red', autoClose: CONSTANTS.alertFailureMs },
  /** done, but not everything happened (a message queued, a pop-up blocked, security not reached) */
  warning: { color: 'orange', autoClose: CONSTANTS.notificationMs },
  info: { color: 'blue', autoClose: CONSTANTS.notificationMs },
} as const;

export type NotifyKind = keyof typeof NOTIFY_KINDS;

/** A long text the user must read (e.g. who the record on file is) stays 10 s. */
export const NOTIFY_LONG_MS = 10_000;

export interface NotifyOptions {
  title?: string;
  /**
   * 'long': a text to read stays NOTIFY_LONG_MS; 'untilClosed': stays until its close button
   * (an emergency alert that did not reach everyone must not vanish).
   */
  hold?: 'long' | 'untilClosed';
}

function show(kind: NotifyKind, message: string, options: NotifyOptions = {}) {
  const { color, autoClose } = NOTIFY_KINDS[kind];
  notifications.show({
    color,
    message,
    title: options.title,
    autoClose: options.hold === 'untilClosed' ? false : options.hold === 'long' ? NOTIFY_LONG_MS : autoClose,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

export const notify = {
  success: (message: string, options?: NotifyOptions) => show('success', message, options),
  error: (message: string, options?: NotifyOptions) => show('error', message, options),
  warning: (message: string, options?: NotifyOptions) => show('warning', message, options),
  info: (message: string, options?: NotifyOptions) => show('info', message, options),
};
