import { Button, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  /** the question, verbatim from the spec where it gives one (shown with data-testid="confirm-message") */
  message?: ReactNode;
  /** anything the question needs besides its text: a checkbox, a list, a field, a warning */
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** red for destructive or alarming actions (remove, emergency), teal for ALLOW */
  confirmColor?: string;
  confirmIcon?: ReactNode;
  /** the action is running: the confirm button spins */
  busy?: boolean;
  confirmDisabled?: boolean;
  /**
   * The confirm button takes the focus on opening (Enter confirms). Off for alarming actions,
   * where a stray Enter must not send anything (the emergency alert).
   */
  focusConfirm?: boolean;
  /** a link beside the buttons, on the left (e.g. the emergency dialog's roll call) */
  aside?: ReactNode;
  /** while busy, Cancel and a click outside do nothing (the emergency alert is on its way) */
  lockWhileBusy?: boolean;
  styles?: ModalProps['styles'];
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The one yes/no confirmation of the web (issue 24 §2; ADR 0032): a centred modal with a title,
 * the question, a Cancel button and a confirm button, its close button named for screen readers.
 * Every confirmation is built from this component (one-way.unit.test.ts fails CI on a confirm
 * modal built elsewhere); the caller keeps its own texts, which specs and browser tests quote.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const locked = Boolean(props.lockWhileBusy && props.busy);
  const buttons = (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={props.onCancel} disabled={locked}>
        {props.cancelLabel}
      </Button>
      <Button
        color={props.confirmColor}
        leftSection={props.confirmIcon}
        data-autofocus={props.focusConfirm ? true : undefined}
        loading={props.busy}
        disabled={props.confirmDisabled}
        onClick={props.onConfirm}
      >
        {props.confirmLabel}
      </Button>
    </Group>
  );
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={!locked}
      styles={props.styles}
    >
      <Stack gap="md">
        {props.message !== undefined ? <Text data-testid="confirm-message">{props.message}</Text> : null}
        {props.children}
        {props.aside ? (
          <Group justify="space-between" gap="sm">
            {props.aside}
            {buttons}
          </Group>
        ) : (
          buttons
        )}
      </Stack>
    </Modal>
  );
}
