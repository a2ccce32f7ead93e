import { Badge, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClockX,
  IconHourglass,
  IconPrinter,
  IconSend,
} from '@tabler/icons-react';
import {
  MESSAGES,
  SV_REGISTRATION_EXPORT_COLUMNS,
  SV_STATUS_FILTERS,
  type TSvDisplayState,
  type TSvRegistrationListItem,
  type TSvRegistrationSearch,
  type TSvStatusFilter,
} from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/data-table';
import { deferred } from '../../components/deferred';
import { paths } from '../../lib/paths';
import {
  type FilterMemory,
  RegistrationList,
  SearchButtons,
  storedId,
  useRegistrationListState,
} from '../registrations/registration-list';
import { downloadSvExport, type SvConfirmAction, svCompaniesQuery, useSvAction, useSvList } from './safevendor-api';
import { BackgroundCheckNote } from '../registrations/background-check-note';
import './i18n.en';
import '../registrations/i18n.en';
import { useCan } from '../../lib/can';

const SvPrintDialog = deferred(() => import('./sv-print-dialog').then((m) => m.SvPrintDialog));

/** spec 001 §8 confirmations, verbatim */
const CONFIRM_TEXT: Record<SvConfirmAction, string> = {
  deny: MESSAGES.safeVendorDenyConfirm,
  makePending: MESSAGES.safeVendorPendingConfirm,
  cancelEmailWarnings: MESSAGES.safeVendorCancelWarningsConfirm,
  clearPhoto: MESSAGES.safeVendorClearPhotoConfirm,
  sendExpirationEmail: MESSAGES.safeVendorExpirationEmailConfirm,
};

/** The status icon (spec 001 §2): colours with white text at ≥ 4.5:1 contrast, an icon and the word. */
const STATE_STYLE: Record<TSvDisplayState, { color: string; icon: ReactNode }> = {
  Expired: { color: 'gray.7', icon: <IconClockX size={14} aria-hidden /> },
  Printed: { color: 'teal.9', icon: <IconPrinter size={14} aria-hidden /> },
  Approved: { color: 'teal.9', icon: <IconCircleCheck size={14} aria-hidden /> },
  Denied: { color: 'red.9', icon: <IconCircleX size={14} aria-hidden /> },
  Submitted: { color: 'blue.9', icon: <IconSend size={14} aria-hidden /> },
  'Check Approved': { color: 'blue.9', icon: <IconHourglass size={14} aria-hidden /> },
  'Has Issues': { color: 'orange.9', icon: <IconAlertTriangle size={14} aria-hidden /> },
  Pending: { color: 'blue.9', icon: <IconHourglass size={14} aria-hidden /> },
};

export function SvStatusBadge(props: { state: TSvDisplayState }) {
  const { t } = useTranslation();
  const s = STATE_STYLE[props.state];
  return (
    <Tooltip label={t(`safeVendor.list.stateHint.${props.state}`)}>
      <Badge color={s.color} variant="filled" leftSection={s.icon} data-testid="sv-status">
        {t(`safeVendor.list.state.${props.state}`)}
      </Badge>
    </Tooltip>
  );
}

/**
 * Filter memory: only the status and the company (no personal data) go to sessionStorage; the
 * search text stays in this module's memory (security guide: no PII in browser storage).
 */
interface StoredFilter {
  status: TSvStatusFilter;
  vendorCompanyId: number | null;
}
const DEFAULT_STORED: StoredFilter = { status: 'pending', vendorCompanyId: null };
const FILTERS: FilterMemory<StoredFilter, string> = {
  key: 'sv.safevendor.filter',
  defaults: DEFAULT_STORED,
  statuses: SV_STATUS_FILTERS,
  read: (v) => ({ vendorCompanyId: storedId(v.vendorCompanyId) }),
  text: '',
  emptyText: '',
  clean: (draft) => draft.trim(),
};
const DEFAULT_SORT: NonNullable<TSvRegistrationSearch['sort']> = 'name';

/** The status and company an export window's address names (the server's redirect of /SVRegistration/Export). */
function filterOfWindow(params: URLSearchParams): Partial<StoredFilter> | null {
  const status = params.get('status');
  const company = params.get('companyId');
  const filter: Partial<StoredFilter> = {};
  if (status && (SV_STATUS_FILTERS as readonly string[]).includes(status)) filter.status = status as TSvStatusFilter;
  if (company && /^\d{1,9}$/.test(company)) filter.vendorCompanyId = Number(company);
  return Object.keys(filter).length > 0 ? filter : null;
}

/** The SafeVendor registrations list (spec 001 §2, §3 status ids, §4 actions, §8, §9 defaults). */
export default function SvRegistrationsPage() {
  const { t } = useTranslation();
  const crossDistrict = useCan('clients.crossDistrict');
  const list = useRegistrationListState(FILTERS, DEFAULT_SORT);
  const { stored, setStored, text: search, draft, setDraft } = list;
  // /SVRegistration/Export?status&companyId (spec 001 §2, issue 25): the window's filters apply
  const [params] = useSearchParams();
  const [windowFilter] = useState(() => filterOfWindow(params));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the window's filters apply once, on arrival
  useEffect(() => {
    if (windowFilter) setStored({ ...stored, ...windowFilter });
  }, []);

  const query: TSvRegistrationSearch = { ...list.paging, ...stored, search };
  const vendors = useSvList(query);
  const companies = useQuery(svCompaniesQuery);
  const act = useSvAction();

  const columns: Column<TSvRegistrationListItem>[] = [
    {
      key: 'company',
      header: t('safeVendor.list.col.company'),
      sortKey: 'company',
      width: 200,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.company}</Text>
          {crossDistrict ? (
            <Text size="xs" c="dimmed">
              {companies.data?.find((c) => c.id === r.vendorCompanyId)?.clientName ?? ''}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('safeVendor.list.col.status'),
      sortKey: 'status',
      width: 150,
      render: (r) => (
        <Stack gap={2} align="flex-start">
          <Group gap={4} wrap="nowrap">
            <SvStatusBadge state={r.displayState} />
            {r.suspended ? (
              <Badge color="red.9" variant="outline">
                {t('safeVendor.list.suspended')}
              </Badge>
            ) : null}
          </Group>
          <BackgroundCheckNote note={r.backgroundCheckNote} />
        </Stack>
      ),
    },
  ];

  const companyData = (companies.data ?? []).map((c) => ({
    value: String(c.id),
    label: crossDistrict ? `${c.name} — ${c.clientName}` : c.name,
  }));
  const statusData = SV_STATUS_FILTERS.map((s) => ({ value: s, label: t(`safeVendor.list.statuses.${s}`) }));

  return (
    <RegistrationList
      kind="vendor"
      textKey="safeVendor.list"
      intro={crossDistrict ? t('safeVendor.list.introEveryDistrict') : undefined}
      manage="safeVendor.manage"
      addPath={paths.svRegistrationAdd}
      exportList={{
        kind: 'svregistrations',
        columns: SV_REGISTRATION_EXPORT_COLUMNS,
        download: (format, columns) => downloadSvExport({ ...stored, search, format, columns }),
      }}
      state={list}
      filtersLabel={t('safeVendor.list.legend')}
      filters={
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('safeVendor.list.status')}
            data={statusData}
            value={stored.status}
            allowDeselect={false}
            onChange={(v) => v && setStored({ ...stored, status: v as TSvStatusFilter })}
            w={170}
            data-testid="sv-status-filter"
          />
          <Select
            label={t('safeVendor.list.company')}
            placeholder={t('safeVendor.list.anyCompany')}
            data={companyData}
            value={stored.vendorCompanyId === null ? null : String(stored.vendorCompanyId)}
            onChange={(v) => setStored({ ...stored, vendorCompanyId: v ? Number(v) : null })}
            clearable
            searchable
            w={400}
            comboboxProps={{ width: 'target' }}
            data-testid="sv-company-filter"
          />
          <TextInput
            label={t('safeVendor.list.search')}
            value={draft}
            autoComplete="off"
            onChange={(e) => setDraft(e.currentTarget.value)}
            w={240}
          />
          <SearchButtons
            clear={t('safeVendor.list.clear')}
            search={t('safeVendor.list.searchButton')}
            onClear={list.clear}
            ml="auto"
          />
        </Group>
      }
      list={vendors}
      actionsWidth={80}
      actionsTestId="sv-actions"
      columns={columns}
      person={{ nameTestId: 'sv-name', noteWidth: 200 }}
      editPath={paths.svRegistrationEdit}
      dialogs={{ print: SvPrintDialog }}
      confirm={{
        text: CONFIRM_TEXT,
        run: (action, row) => act.mutateAsync({ id: row.id, action: action as SvConfirmAction }),
        busy: act.isPending,
      }}
    />
  );
}
