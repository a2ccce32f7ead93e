import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconFilterOff } from '@tabler/icons-react';
import { auditOutcomeOf, type TAuditEntry, type TAuditOutcome, type TAuditQuery } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/data-table';
import { ExportButton } from '../../components/export';
import { ListFilters } from '../../components/list-filters';
import { ListPage, useListState } from '../../components/list-page';
import { useCan } from '../../lib/can';
import { pickedDate } from '../../lib/time/fields';
import { DATE_FORMAT, formatDateTime, parseUsDate } from '../../lib/time/format';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import { clientsLookupQuery } from '../buildings/buildings-api';
import { auditFacetsQuery, useAuditList } from './audit-api';
import { AuditEntryDetail, AuditOutcomeBadge, useRecordKindLabel } from './audit-entry';
import './i18n.en';
import './i18n.es';

/** The console's filters, kept in the URL: ids, action names, a record kind, an outcome and days. */
export const AUDIT_FILTERS = {
  clientId: '',
  actorUserId: '',
  action: '',
  targetType: '',
  targetId: '',
  outcome: '',
  from: '',
  to: '',
};
const SORTS = ['at'] as const;

const idOf = (v: string) => (/^\d+$/.test(v) ? Number(v) : undefined);

/**
 * The audit console (issue 26 §1; `/audit`, `audit.read`: the platform administrator and district
 * administrators). Server-paged rows newest first, filtered by district (platform administrator),
 * user, action, record kind (and one record, from a History section), outcome, days of the
 * district's zone and free text; a row opens to what it recorded; exported through the one
 * export dialog (kind `audit`, the same filters).
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const zone = useDisplayTimeZone();
  const crossDistrict = useCan('clients.crossDistrict');
  const kindLabel = useRecordKindLabel();
  const { table, search, paging, sorting } = useListState({
    sort: 'at',
    sorts: SORTS,
    dir: 'desc',
    filters: AUDIT_FILTERS,
  });
  const f = table.filters;
  const clientId = crossDistrict ? idOf(f.clientId) : undefined;
  const outcome: TAuditOutcome | undefined = f.outcome === 'done' || f.outcome === 'refused' ? f.outcome : undefined;
  const filters = {
    clientId,
    actorUserId: idOf(f.actorUserId),
    action: f.action || undefined,
    targetType: f.targetType || undefined,
    targetId: f.targetType && f.targetId ? f.targetId : undefined,
    outcome,
    from: f.from || undefined,
    to: f.to || undefined,
  };
  const query: TAuditQuery = { ...paging, ...filters, q: search.q || undefined };
  // a reversed range is said beside the dates, not asked of the server
  const rangeReversed = Boolean(f.from && f.to && f.from > f.to);
  const list = useAuditList(query, !rangeReversed);
  const facets = useQuery(auditFacetsQuery(clientId));
  const districts = useQuery({ ...clientsLookupQuery, enabled: crossDistrict });

  const set = (key: keyof typeof AUDIT_FILTERS) => (value: string | null) => {
    table.setFilters(key === 'targetType' ? { targetType: value ?? '', targetId: '' } : { [key]: value ?? '' });
    if (table.page !== 1) table.setPage(1);
  };
  const filtered = Object.values(f).some(Boolean) || search.text !== '';

  const columns: Column<TAuditEntry>[] = [
    {
      key: 'at',
      header: t('audit.col.at'),
      sortKey: 'at',
      width: 190,
      render: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(r.at, zone)}
        </Text>
      ),
    },
    {
      key: 'who',
      header: t('audit.col.who'),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.actorName ?? t('audit.system')}
          </Text>
          {r.impersonatorName ? (
            <Text size="xs" c="dimmed">
              {t('audit.actingAs', { name: r.impersonatorName })}
            </Text>
          ) : null}
          {crossDistrict && r.clientName ? (
            <Text size="xs" c="dimmed">
              {r.clientName}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'ip',
      header: t('audit.col.ip'),
      width: 130,
      render: (r) =>
        r.ip ?? (
          <Text size="sm" c="dimmed">
            {t('audit.unknownAddress')}
          </Text>
        ),
    },
    {
      key: 'action',
      header: t('audit.col.action'),
      render: (r) => (
        <Text size="sm" ff="monospace" data-testid="audit-action">
          {r.action}
        </Text>
      ),
    },
    {
      key: 'record',
      header: t('audit.col.record'),
      render: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.targetType ? `${kindLabel(r.targetType)}${r.targetId ? ` #${r.targetId}` : ''}` : t('audit.noRecord')}
        </Text>
      ),
    },
    {
      key: 'outcome',
      header: t('audit.col.outcome'),
      width: 110,
      render: (r) => <AuditOutcomeBadge outcome={r.outcome ?? auditOutcomeOf(r.action)} />,
    },
  ];

  const option = (v: string) => ({ value: v, label: v });
  // the export takes the filters (ids, actions, days, outcome) and the search words, which go in
  // a POST body, never in its URL
  const exportParams = filters;

  return (
    <ListPage
      title={t('audit.title')}
      intro={t('audit.intro', { zone })}
      actions={<ExportButton kind="audit" params={exportParams} searchText={search.q} title={t('audit.exportTitle')} />}
      notice={
        f.targetType && f.targetId ? (
          <Group gap="sm">
            <Badge variant="light" size="lg" radius="sm">
              {t('audit.filter.record', { kind: kindLabel(f.targetType), id: f.targetId })}
            </Badge>
            <Button variant="subtle" size="compact-sm" onClick={() => set('targetId')(null)}>
              {t('audit.filter.showAll')}
            </Button>
          </Group>
        ) : null
      }
      filters={
        <ListFilters
          table={table}
          activeToggle={false}
          search={search}
          searchHint={t('audit.searchHint')}
          districts={crossDistrict ? (districts.data ?? []) : null}
        >
          <Select
            label={t('audit.filter.actor')}
            placeholder={t('audit.filter.anyActor')}
            data={(facets.data?.actors ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            value={f.actorUserId || null}
            onChange={set('actorUserId')}
            clearable
            searchable
            w={180}
          />
          <Select
            label={t('audit.filter.action')}
            placeholder={t('audit.filter.anyAction')}
            data={(facets.data?.actions ?? []).map(option)}
            value={f.action || null}
            onChange={set('action')}
            clearable
            searchable
            w={210}
          />
          <Select
            label={t('audit.filter.targetType')}
            placeholder={t('audit.filter.anyTargetType')}
            data={(facets.data?.targetTypes ?? []).map((v) => ({ value: v, label: kindLabel(v) }))}
            value={f.targetType || null}
            onChange={set('targetType')}
            clearable
            searchable
            w={170}
            data-testid="audit-filter-target-type"
          />
          <Select
            label={t('audit.filter.outcome')}
            placeholder={t('audit.filter.anyOutcome')}
            data={[
              { value: 'done', label: t('audit.outcome.done') },
              { value: 'refused', label: t('audit.outcome.refused') },
            ]}
            value={outcome ?? null}
            onChange={set('outcome')}
            clearable
            w={150}
          />
          {(['from', 'to'] as const).map((key) => (
            <DateInput
              key={key}
              label={t(`audit.filter.${key}`)}
              placeholder={t('audit.filter.dateHint')}
              valueFormat={DATE_FORMAT}
              dateParser={(text) => parseUsDate(text)}
              value={f[key] || null}
              onChange={(v) => set(key)(pickedDate(v) ?? '')}
              clearable
              error={key === 'from' && rangeReversed ? t('audit.filter.rangeReversed') : undefined}
              popoverProps={{ withinPortal: true }}
              w={140}
            />
          ))}
          {filtered ? (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={() => {
                table.reset();
                search.setText('');
              }}
            >
              {t('audit.filter.clear')}
            </Button>
          ) : null}
        </ListFilters>
      }
      table={{
        ...sorting,
        caption: t('audit.tableCaption'),
        columns,
        list,
        rowKey: (r) => r.id,
        empty: t('audit.empty'),
        renderExpanded: (r) => <AuditEntryDetail entry={r} />,
      }}
    />
  );
}
