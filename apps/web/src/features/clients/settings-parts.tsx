import { CONSTANTS, type TSisTestRequest } from '@sv/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  type TextInputProps,
} from '@mantine/core';
import { IconArrowLeft, IconEye, IconEyeOff, IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/can';
import { paths } from '../../lib/paths';
import { useSisTest } from './clients-api';
import './i18n.en';

/** Title, the client's name and (admins) the way back to the client list. */
export function SettingsHeader({ title, clientName, intro }: { title: string; clientName?: string; intro?: string }) {
  const { t } = useTranslation();
  const isAdmin = useCan('clients.manage');
  return (
    <Stack gap={4}>
      {isAdmin ? (
        <Anchor component={Link} to={paths.clients} size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('clients.backToList')}
          </Group>
        </Anchor>
      ) : null}
      <Title order={1} size="h2">
        {title}
      </Title>
      {clientName ? (
        <Text c="dimmed" data-testid="settings-client-name">
          {clientName}
        </Text>
      ) : null}
      {intro ? <Text size="sm">{intro}</Text> : null}
    </Stack>
  );
}

/** One titled group of settings. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A write-only secret (security guide): always empty on load, "leave blank to keep", a saved /
 * not-saved indicator, and a control that shows what was typed for 5 seconds (spec 000 §9).
 */
export function SecretField({
  saved,
  label,
  ...input
}: Omit<TextInputProps, 'type' | 'rightSection'> & { saved: boolean; label: string }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const reveal = () => {
    if (timer.current) clearTimeout(timer.current);
    if (visible) {
      setVisible(false);
      return;
    }
    setVisible(true);
    timer.current = setTimeout(() => setVisible(false), CONSTANTS.passwordRevealMs);
  };
  const toggleLabel = visible ? t('clients.secret.hide') : t('clients.secret.show');
  return (
    <TextInput
      {...input}
      label={
        <Group gap="xs" component="span">
          {label}
          <Badge
            size="sm"
            // white on teal 9 keeps ≥ 4.5:1 (axe color-contrast: green on its light tint fails)
            variant={saved ? 'filled' : 'light'}
            color={saved ? 'teal.9' : 'gray'}
            data-testid="secret-saved-indicator"
            component="span"
          >
            {saved ? t('clients.secret.saved') : t('clients.secret.notSaved')}
          </Badge>
        </Group>
      }
      description={saved ? t('clients.secret.keepHint') : t('clients.secret.newHint')}
      type={visible ? 'text' : 'password'}
      autoComplete="new-password"
      spellCheck={false}
      rightSectionWidth={42}
      rightSection={
        <Tooltip label={toggleLabel}>
          <ActionIcon variant="subtle" color="gray" onClick={reveal} aria-label={toggleLabel} aria-pressed={visible}>
            {visible ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      }
    />
  );
}

/**
 * The Skyward (SIS) connection test (spec 000 §2, §8): the server really connects and answers
 * 'Connection successful.' or the failure message. `unsaved` sends the form's values.
 */
export function SisTestButton({ clientId, unsaved }: { clientId: number; unsaved?: () => TSisTestRequest }) {
  const { t } = useTranslation();
  const test = useSisTest(clientId);
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlugConnected size={16} aria-hidden />}
          loading={test.isPending}
          onClick={() => test.mutate(unsaved ? unsaved() : {})}
        >
          {t('clients.sis.test')}
        </Button>
      </Group>
      {test.data ? (
        <Alert color={test.data.ok ? 'green' : 'red'} variant="light" role={test.data.ok ? 'status' : 'alert'}>
          {test.data.message}
          {/* audit 000 U12: say when no district server was reached */}
          {test.data.builtIn ? <Text size="sm">{t('clients.sis.builtIn')}</Text> : null}
        </Alert>
      ) : null}
      {test.error ? (
        <Alert color="red" variant="light" role="alert">
          {test.error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
