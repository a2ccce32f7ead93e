import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PERSON_RECORD_KINDS, type THoldSubjectList, type TPersonErase, ZPersonErase } from '@sv/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { notify } from '../../lib/notify';
import { formatCalendarDate } from '../../lib/time/format';
import { personArchiveUrl, searchHoldSubjects, useErasePerson, usePersonRecords } from './retention-api';
import './i18n.en';

/** Erasing is typed, not clicked (ADR 0048): the word ERASE. */
function EraseDialog(props: { visitorId: number; name: string; clientId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const erase = useErasePerson();
  const form = useContractForm<{ confirm: string }, TPersonErase>(ZPersonErase, {
    initialValues: { confirm: '' },
    toRequest: (v) => ({ clientId: props.clientId, confirm: v.confirm as 'ERASE' }),
  });
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('personRecords.eraseTitle', { name: props.name })}
      closeButtonProps={{ 'aria-label': t('retention.cancel') }}
    >
      <form
        data-testid="erase-person"
        onSubmit={form.onSubmit((v) =>
          erase.mutate(
            { visitorId: props.visitorId, body: { clientId: props.clientId, confirm: v.confirm as 'ERASE' } },
            {
              onSuccess: () => {
                notify.success(t('personRecords.erased'));
                props.onClose();
              },
              onError: (e) => notify.error(applyServerErrors(form, e)),
            },
          ),
        )}
      >
        <Stack gap="sm">
          <Text size="sm">{t('personRecords.eraseMessage')}</Text>
          <TextInput label={t('personRecords.typeErase')} autoComplete="off" {...form.getInputProps('confirm')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('retention.cancel')}
            </Button>
            <Button type="submit" color="red" loading={erase.isPending}>
              {t('personRecords.erase')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PersonSummary(props: { visitorId: number; clientId: number | undefined }) {
  const { t } = useTranslation();
  const records = usePersonRecords(props.visitorId, props.clientId ?? null);
  const [erasing, setErasing] = useState(false);
  if (!records.data) return null;
  const p = records.data;
  return (
    <Stack gap="xs" data-testid="person-records">
      <Group gap="xs">
        <Text fw={600}>{p.name}</Text>
        {p.dob ? (
          <Text size="sm" c="dimmed">
            {t('personRecords.born', { date: formatCalendarDate(p.dob) })}
          </Text>
        ) : null}
        {p.erased ? <Badge color="gray">{t('personRecords.erasedBadge')}</Badge> : null}
        {p.mergedRecords.length > 0 ? (
          <Text size="xs" c="dimmed">
            {t('personRecords.merged', { count: p.mergedRecords.length })}
          </Text>
        ) : null}
      </Group>
      <Table verticalSpacing={2} maw={520}>
        <Table.Tbody>
          {PERSON_RECORD_KINDS.map((k) => (
            <Table.Tr key={k}>
              <Table.Td>{t(`personRecords.kind.${k}`)}</Table.Td>
              <Table.Td ta="right">{p.counts[k] ?? 0}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {p.eraseBlockers.length > 0 ? (
        <Alert color="yellow" title={t('personRecords.cannotErase')}>
          <List size="sm">
            {p.eraseBlockers.map((b) => (
              <List.Item key={b}>{b}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Group>
        <Button
          component="a"
          variant="default"
          href={personArchiveUrl(props.visitorId, props.clientId ?? null)}
          download
        >
          {t('personRecords.download')}
        </Button>
        {!p.erased ? (
          <Button color="red" variant="light" disabled={p.eraseBlockers.length > 0} onClick={() => setErasing(true)}>
            {t('personRecords.erase')}
          </Button>
        ) : null}
      </Group>
      {erasing ? (
        <EraseDialog
          visitorId={props.visitorId}
          name={p.name}
          clientId={props.clientId}
          onClose={() => setErasing(false)}
        />
      ) : null}
    </Stack>
  );
}

/**
 * A person's records on request (issue 26 §3; ADR 0048): find the visitor, see what the district
 * holds, download it all as one archive, or erase them.
 */
export function PersonRecordsCard(props: { clientId: number | undefined }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<THoldSubjectList['data'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const find = async () => {
    setError(null);
    setChosen(null);
    try {
      setFound(await searchHoldSubjects({ clientId: props.clientId, subjectType: 'visitor', q }));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3">
            {t('personRecords.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('personRecords.help')}
          </Text>
        </div>
        <Group align="flex-end" wrap="nowrap" maw={520}>
          <TextInput
            style={{ flex: 1 }}
            label={t('personRecords.findLabel')}
            placeholder={t('retention.searchPlaceholder')}
            value={q}
            error={error}
            onChange={(e) => setQ(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void find();
              }
            }}
          />
          <Button variant="default" onClick={() => void find()}>
            {t('retention.find')}
          </Button>
        </Group>
        {found !== null && found.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('retention.noMatches')}
          </Text>
        ) : null}
        {found && found.length > 0 && chosen === null ? (
          <Stack gap={4}>
            {found.map((s) => (
              <Anchor key={s.id} component="button" type="button" ta="left" onClick={() => setChosen(s.id)}>
                {s.name} · {s.detail}
              </Anchor>
            ))}
          </Stack>
        ) : null}
        {chosen !== null ? <PersonSummary visitorId={chosen} clientId={props.clientId} /> : null}
      </Stack>
    </Card>
  );
}
