import { Alert, Button, Group, Loader, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { TVisitor, TVisitorMatch } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { formatCalendarDate, formatDate, formatDateTime } from '../../lib/time/format';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import { fullName } from './flow';
import { mergeSearch, useMergeVisitor, useUndoMerge, visitorQuery } from './visitor-flow-api';
import './i18n.en';
import { notify } from '../../lib/notify';
import { SHOWS_ERROR } from '../../lib/query-client';

/**
 * The desk's view of "one person behind every record" (issue 22): the likely-duplicate warning of
 * "Create a New Visitor", the "Already on file" note, and the administrators' "Merge duplicate"
 * with its undo.
 */

const dobText = formatCalendarDate;

/** A visit's day as mm/dd/yyyy in the desk's zone: tells two records of one name apart (issue 22). */
const visitDay = (instant: string | null | undefined, timeZone: string) =>
  instant ? formatDate(instant, timeZone) : null;

/** "Already on file: Dana Linkedonly, born 06/06/1966, last visit 11/20/2026" (issue 22). */
export function alreadyOnFileMessage(
  t: (key: string, o?: Record<string, unknown>) => string,
  v: TVisitor,
  timeZone: string,
) {
  const lastVisit = visitDay(v.lastVisitAt, timeZone) ?? t('visitorFlow.person.never');
  const name = fullName({ firstname: v.firstname, middlename: v.middlename, lastname: v.lastname });
  const dob = dobText(v.dob);
  return dob
    ? t('visitorFlow.person.alreadyOnFile', { name, dob, lastVisit })
    : t('visitorFlow.person.alreadyOnFileNoDob', { name, lastVisit });
}

/** Date of birth, licence last 4 and last visit: what tells two records of one name apart. */
export function MatchFacts({ match: m }: { match: Pick<TVisitorMatch, 'dob' | 'licenseLast4' | 'lastVisitAt'> }) {
  const { t } = useTranslation();
  const timeZone = useDisplayTimeZone();
  const dob = dobText(m.dob);
  const day = visitDay(m.lastVisitAt, timeZone);
  return (
    <Text size="sm" c="dimmed">
      {[
        dob ? t('visitorFlow.person.born', { dob }) : t('visitorFlow.person.noDob'),
        m.licenseLast4 ? t('visitorFlow.person.licence', { last4: m.licenseLast4 }) : null,
        day ? t('visitorFlow.person.lastVisit', { date: day }) : t('visitorFlow.person.neverVisited'),
      ]
        .filter(Boolean)
        .join(' · ')}
    </Text>
  );
}

/** "This may be someone already on file": the candidates, "Use this record" each, and "Create anyway". */
export function DuplicateWarning(props: {
  candidates: TVisitorMatch[] | null;
  creating: boolean;
  onUse: (id: number) => void;
  onCreateAnyway: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.candidates !== null}
      onClose={props.onClose}
      title={t('visitorFlow.person.duplicateTitle')}
      size="lg"
    >
      <Stack gap="sm">
        <Text>{t('visitorFlow.person.duplicateBody')}</Text>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="duplicate-candidates">
          {(props.candidates ?? []).map((c) => {
            const name = fullName({ firstname: c.firstname, middlename: c.middlename, lastname: c.lastname });
            return (
              <Paper component="li" key={c.id} withBorder p="sm" radius="md" aria-label={name}>
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={0}>
                    <Text fw={600}>{name}</Text>
                    <MatchFacts match={c} />
                  </Stack>
                  <Button
                    size="sm"
                    onClick={() => props.onUse(c.id)}
                    aria-label={t('visitorFlow.person.useThisNamed', { name })}
                  >
                    {t('visitorFlow.person.useThis')}
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="default" loading={props.creating} onClick={props.onCreateAnyway}>
            {t('visitorFlow.person.createAnyway')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/**
 * Administrators' "Merge duplicate" on a visitor record: find the other record, compare both side
 * by side, confirm. Merges into this record that can still be undone are listed with "Undo merge".
 */
export function MergeDuplicate({ visitor, buildingId }: { visitor: TVisitor; buildingId: number | null }) {
  const { t } = useTranslation();
  const timeZone = useDisplayTimeZone();
  const [opened, setOpened] = useState(false);
  const undo = useUndoMerge();
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0}>
          <Title order={2} size="h4">
            {t('visitorFlow.person.mergeHeading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('visitorFlow.person.mergeIntro')}
          </Text>
        </Stack>
        <Button variant="light" onClick={() => setOpened(true)} disabled={visitor.mergedIntoId !== null}>
          {t('visitorFlow.person.merge')}
        </Button>
      </Group>
      {visitor.undoableMerges.map((m) => (
        <Group key={m.id} justify="space-between" mt="sm" wrap="wrap" gap="sm">
          <Text size="sm">
            {t('visitorFlow.person.mergedLine', {
              id: m.mergedId,
              date: visitDay(m.mergedAt, timeZone),
              until: formatDateTime(m.undoUntil, timeZone),
            })}
          </Text>
          <Button
            size="xs"
            variant="default"
            loading={undo.isPending}
            onClick={async () => {
              try {
                await undo.mutateAsync(m.id);
                notify.success(t('visitorFlow.person.undone'));
              } catch (err) {
                notify.error(errorText(err, t('visitorFlow.person.undoFailed')));
              }
            }}
          >
            {t('visitorFlow.person.undo')}
          </Button>
        </Group>
      ))}
      {opened ? <MergeDialog visitor={visitor} buildingId={buildingId} onClose={() => setOpened(false)} /> : null}
    </Paper>
  );
}

function MergeDialog(props: { visitor: TVisitor; buildingId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const timeZone = useDisplayTimeZone();
  const v = props.visitor;
  const [text, setText] = useState(`${v.firstname} ${v.lastname}`);
  const [term, setTerm] = useState(text);
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const found = useQuery({
    queryKey: ['visitors', 'merge-search', term, props.buildingId],
    queryFn: () => mergeSearch(term, props.buildingId),
    enabled: term.trim().length > 0 && chosen === null,
  });
  const other = useQuery({ meta: SHOWS_ERROR, ...visitorQuery(chosen ?? 0), enabled: chosen !== null });
  const merge = useMergeVisitor(v.id);
  const candidates = (found.data ?? []).filter((m) => m.id !== v.id);

  const confirm = async () => {
    if (chosen === null) return;
    setError(null);
    try {
      const res = await merge.mutateAsync(chosen);
      notify.success(t('visitorFlow.person.merged', { until: formatDateTime(res.undoUntil, timeZone) }));
      props.onClose();
    } catch (err) {
      setError(errorText(err, t('visitorFlow.person.mergeFailed')));
    }
  };

  return (
    <Modal opened onClose={props.onClose} title={t('visitorFlow.person.mergeTitle')} size="xl">
      {chosen === null ? (
        <Stack gap="sm">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setTerm(text);
            }}
          >
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t('visitorFlow.person.mergeSearch')}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                style={{ flex: 1 }}
                autoComplete="off"
              />
              <Button type="submit" variant="default">
                {t('visitorFlow.person.find')}
              </Button>
            </Group>
          </form>
          {found.isFetching ? <Loader size="sm" aria-label={t('common.loading')} /> : null}
          {!found.isFetching && candidates.length === 0 ? <Text>{t('visitorFlow.person.noOther')}</Text> : null}
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {candidates.map((c) => {
              const name = fullName({ firstname: c.firstname, middlename: c.middlename, lastname: c.lastname });
              return (
                <Paper component="li" key={c.id} withBorder p="sm" radius="md" aria-label={name}>
                  <Group justify="space-between" wrap="wrap" gap="sm">
                    <Stack gap={0}>
                      <Text fw={600}>{name}</Text>
                      <MatchFacts match={c} />
                    </Stack>
                    <Button size="sm" variant="light" onClick={() => setChosen(c.id)}>
                      {t('visitorFlow.person.choose')}
                    </Button>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </Stack>
      ) : other.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : other.isError ? (
        <Alert color="red">{t('visitorFlow.loadFailed')}</Alert>
      ) : (
        <Stack gap="sm">
          <Text>{t('visitorFlow.person.mergeConfirmBody')}</Text>
          <SideBySide keep={v} merge={other.data} />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setChosen(null)}>
              {t('visitorFlow.person.back')}
            </Button>
            <Button loading={merge.isPending} onClick={confirm}>
              {t('visitorFlow.person.mergeConfirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function SideBySide({ keep, merge }: { keep: TVisitor; merge: TVisitor }) {
  const { t } = useTranslation();
  const timeZone = useDisplayTimeZone();
  const rows: [string, (v: TVisitor) => string][] = [
    [t('visitorFlow.person.row.name'), (v) => fullName(v)],
    [t('visitorFlow.person.row.dob'), (v) => dobText(v.dob) ?? '—'],
    [
      t('visitorFlow.person.row.licence'),
      (v) => [v.currentDriversLicenseNumber, v.licenseState].filter(Boolean).join(' ') || '—',
    ],
    [
      t('visitorFlow.person.row.address'),
      (v) => [v.street1, v.city, v.state, v.zipcode].filter(Boolean).join(', ') || '—',
    ],
    [t('visitorFlow.person.row.contact'), (v) => [v.phone, v.email].filter(Boolean).join(' · ') || '—'],
    [t('visitorFlow.person.row.lastVisit'), (v) => visitDay(v.lastVisitAt, timeZone) ?? t('visitorFlow.person.never')],
    [
      t('visitorFlow.person.row.exclusion'),
      (v) => (v.hasActiveExclusion ? t('visitorFlow.person.linkedExclusion') : '—'),
    ],
  ];
  return (
    <Table withTableBorder withColumnBorders>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>
            {t('visitorFlow.person.keep')} (#{keep.id})
          </Table.Th>
          <Table.Th>
            {t('visitorFlow.person.mergeAway')} (#{merge.id})
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td>{value(keep)}</Table.Td>
            <Table.Td>{value(merge)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
