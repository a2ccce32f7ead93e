import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SecretShownOnceProps {
  title: string;
  /** why this is the only time: the server keeps only a hash (issue 28 §5 "shown once") */
  warning: string;
  /** what the secret belongs to: the key's name, the receiver's address */
  subject: ReactNode;
  secret: string;
  /** the secret's test id, which browser tests read the secret from */
  secretTestId: string;
  /** how to use it, under the secret (optional) */
  usage?: string;
  copyLabel: string;
  copiedLabel: string;
  doneLabel: string;
  onClose: () => void;
}

/**
 * The one "copy it now, you will not see it again" dialog (API keys, webhook signing secrets):
 * a modal that a click outside does not close, the warning, the secret in a block that wraps, a
 * copy button and Done. The caller keeps its own texts.
 */
export function SecretShownOnce(props: SecretShownOnceProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      size="lg"
      onClose={props.onClose}
      closeOnClickOutside={false}
      title={<Text fw={700}>{props.title}</Text>}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Alert color="yellow" variant="light">
          {props.warning}
        </Alert>
        <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
          {props.subject}
        </Text>
        <Code block data-testid={props.secretTestId} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {props.secret}
        </Code>
        {props.usage ? (
          <Text size="sm" c="dimmed">
            {props.usage}
          </Text>
        ) : null}
        <Group justify="space-between">
          <CopyButton value={props.secret}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? props.copiedLabel : props.copyLabel}
              </Button>
            )}
          </CopyButton>
          <Button onClick={props.onClose}>{props.doneLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
