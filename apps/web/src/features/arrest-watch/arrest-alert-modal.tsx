import { type TArrestAlert } from '@sv/contracts';
import { formatCalendarDate, formatDateTime } from '../../lib/time/format';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import { Alert, Anchor, Badge, Button, Group, List, Loader, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { useArrestAlert, useReviewArrestAlert } from './arrest-watch-api';
import './i18n.en';
import { notify } from '../../lib/notify';

const STATUS_COLOR: Record<TArrestAlert['status'], string> = { open: 'red', cleared: 'teal', confirmed: 'orange' };

/**
 * The arrest alert dialog (spec 001 §2 Registration modals "arrest alert", §4 "a dialog shows alert
 * information, with print and close buttons"; issue 11): the match, its confidence level and why,
 * what the registry says, and — for administrators — the review that clears or confirms it.
 */
export function ArrestAlertModal(props: { alertId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.alertId !== null} onClose={props.onClose} title={t('arrestAlert.title')} size="lg">
      {props.alertId !== null ? <AlertBody id={props.alertId} onClose={props.onClose} /> : null}
    </Modal>
  );
}

function AlertBody({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const timeZone = useDisplayTimeZone();
  const alert = useArrestAlert(id);
  const review = useReviewArrestAlert(id);
  const canReview = useCan('arrestAlerts.review');
  const [note, setNote] = useState('');

  if (alert.isPending) return <Loader aria-label={t('arrestAlert.loading')} />;
  if (!alert.data) return <Alert color="red">{t('arrestAlert.loadFailed')}</Alert>;
  const a = alert.data;
  const d = a.details as {
    name?: string;
    dob?: string | null;
    address?: string | null;
    jurisdiction?: string;
    absconder?: boolean;
    offenderUri?: string | null;
  };

  const decide = async (decision: 'cleared' | 'confirmed') => {
    try {
      // issue 23 §4: the version shown; a review made meanwhile answers 409 and the note stays typed
      await review.mutateAsync({ decision, note: note.trim(), version: a.version });
      notify.success(t(`arrestAlert.${decision}`));
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : t('arrestAlert.loadFailed'));
    }
  };

  const row = (label: string, value: string | null | undefined) =>
    value ? (
      <Table.Tr>
        <Table.Th w={180} scope="row">
          {label}
        </Table.Th>
        <Table.Td>{value}</Table.Td>
      </Table.Tr>
    ) : null;

  return (
    <Stack gap="md" data-testid="arrest-alert">
      <Group gap="sm">
        <Badge color={STATUS_COLOR[a.status]} size="lg" variant="light">
          {t(`arrestAlert.status.${a.status}`)}
        </Badge>
        <Badge color="dark" size="lg" variant="outline" data-testid="alert-level">
          {a.levelLabel}
        </Badge>
      </Group>
      {a.suspends && a.status !== 'cleared' ? (
        <Alert color="red" variant="light">
          {t('arrestAlert.suspended')}
        </Alert>
      ) : null}
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {row(t('arrestAlert.registration'), `${a.registrationName} · ${a.registrationType} (#${a.registrationId})`)}
          {row(t('arrestAlert.found'), formatDateTime(a.createdAt, timeZone))}
          {row(t('arrestAlert.confidence'), a.levelLabel)}
        </Table.Tbody>
      </Table>
      <div>
        <Text fw={700} mb={4}>
          {t('arrestAlert.why')}
        </Text>
        <List size="sm" data-testid="alert-reasons">
          {a.reasons.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
      </div>
      <div>
        <Text fw={700} mb={4}>
          {t('arrestAlert.registryRecord')}
        </Text>
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {row(t('arrestAlert.name'), d.name)}
            {row(t('arrestAlert.dob'), formatCalendarDate(d.dob))}
            {row(t('arrestAlert.address'), d.address)}
            {row(t('arrestAlert.jurisdiction'), d.jurisdiction)}
          </Table.Tbody>
        </Table>
        {d.absconder ? (
          <Text c="red.8" fw={600} size="sm">
            {t('arrestAlert.absconder')}
          </Text>
        ) : null}
        {d.offenderUri ? (
          <Anchor href={d.offenderUri} target="_blank" rel="noreferrer noopener" size="sm">
            {t('arrestAlert.offenderLink')}
          </Anchor>
        ) : null}
      </div>
      {a.reviewedAt ? (
        <Text size="sm" c="dimmed">
          {t('arrestAlert.reviewed', { at: formatDateTime(a.reviewedAt, timeZone) })}
          {a.reviewNote ? ` · ${a.reviewNote}` : ''}
        </Text>
      ) : null}
      {canReview && a.status === 'open' ? (
        <Stack gap="xs">
          <Textarea
            label={t('arrestAlert.note')}
            placeholder={t('arrestAlert.notePlaceholder')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={2}
          />
          <Group>
            <Button color="teal.9" loading={review.isPending} onClick={() => void decide('cleared')}>
              {t('arrestAlert.clear')}
            </Button>
            <Button color="red" variant="light" loading={review.isPending} onClick={() => void decide('confirmed')}>
              {t('arrestAlert.confirm')}
            </Button>
          </Group>
        </Stack>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          {t('arrestAlert.print')}
        </Button>
        <Button onClick={onClose}>{t('arrestAlert.close')}</Button>
      </Group>
    </Stack>
  );
}
