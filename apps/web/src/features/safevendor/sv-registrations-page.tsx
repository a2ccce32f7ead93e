import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleCheck,
  IconCircleX,
  IconClockX,
  IconDotsVertical,
  IconHourglass,
  IconPlus,
  IconPrinter,
  IconSearch,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import {
  MESSAGES,
  ROLE,
  SV_REGISTRATION_EXPORT_COLUMNS,
  SV_STATUS_FILTERS,
  type TSvDisplayState,
  type TSvRegistrationListItem,
  type TSvRegistrationSearch,
  type TSvStatusFilter,
} from '@sv/contracts';
import { formatUsDate } from '@sv/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { deferred } from '../../components/deferred';
import { ExportButton } from '../../components/export';
import { useCan } from '../../lib/can';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { alertFailure, alertSuccess, errorMessage } from '../registrations/registrations-api';
import { downloadSvExport, type SvConfirmAction, svCompaniesQuery, useSvAction, useSvList } from './safevendor-api';
import './i18n.en';
import '../registrations/i18n.en';

// the registrations engine's dialogs, shared (ADR 0014)
const ApproveDialog = deferred(() => import('../registrations/registration-dialogs').then((m) => m.ApproveDialog));
const InformationDialog = deferred(() =>
  import('../registrations/registration-dialogs').then((m) => m.InformationDialog),
);
const SvPrintDialog = deferred(() => import('./sv-print-dialog').then((m) => m.SvPrintDialog));
const ConfirmDialog = deferred(() => import('../registrations/registration-dialogs').then((m) => m.ConfirmDialog));

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
const STORAGE_KEY = 'sv.safevendor.filter';
interface StoredFilter {
  status: TSvStatusFilter;
  vendorCompanyId: number | null;
}
const DEFAULT_STORED: StoredFilter = { status: 'pending', vendorCompanyId: null };
let searchMemory = '';

function readStored(): StoredFilter {
  try {
    const v = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<StoredFilter> | null;
    if (!v) return DEFAULT_STORED;
    return {
      status: (SV_STATUS_FILTERS as readonly string[]).includes(v.status ?? '')
        ? (v.status as TSvStatusFilter)
        : 'pending',
      vendorCompanyId: typeof v.vendorCompanyId === 'number' ? v.vendorCompanyId : null,
    };
  } catch {
    return DEFAULT_STORED;
  }
}

/** The SafeVendor registrations list (spec 001 §2, §3 status ids, §4 actions, §8, §9 defaults). */
export default function SvRegistrationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useUser();
  const canManage = useCan('safeVendor.manage');
  const [stored, setStoredState] = useState<StoredFilter>(readStored);
  const [search, setSearchState] = useState(searchMemory);
  const [draft, setDraft] = useState(searchMemory);
  const [page, setPage] = useState(1);
  const [sort, setSortKey] = useState<NonNullable<TSvRegistrationSearch['sort']>>('name');
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const setStored = (next: StoredFilter) => {
    setStoredState(next);
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setPage(1);
  };
  const setSearch = (next: string) => {
    searchMemory = next;
    setSearchState(next);
    setPage(1);
  };

  const query: TSvRegistrationSearch = { page, perPage: 100, sort, dir, ...stored, search };
  const list = useSvList(query);
  const companies = useQuery(svCompaniesQuery);

  const [approving, setApproving] = useState<{ rows: TSvRegistrationListItem[]; all: boolean } | null>(null);
  const [infoId, setInfoId] = useState<number | null>(null);
  const [pending, setPending] = useState<{ action: SvConfirmAction; row: TSvRegistrationListItem } | null>(null);
  const closeApprove = useCallback(() => setApproving(null), []);
  const closeInfo = useCallback(() => setInfoId(null), []);
  const [printRow, setPrintRow] = useState<TSvRegistrationListItem | null>(null);
  const closePrint = useCallback(() => setPrintRow(null), []);
  const act = useSvAction();

  const confirm = async () => {
    if (!pending) return;
    try {
      await act.mutateAsync({ id: pending.row.id, action: pending.action });
      alertSuccess(t(`safeVendor.list.done.${pending.action}`));
    } catch (err) {
      alertFailure(errorMessage(err));
    }
    setPending(null);
  };

  const runAction = (action: TSvRegistrationListItem['actions'][number], row: TSvRegistrationListItem) => {
    switch (action) {
      case 'approve':
        return setApproving({ rows: [row], all: false });
      case 'print':
        return setPrintRow(row);
      case 'information':
        return setInfoId(row.id);
      case 'edit':
        return navigate(paths.svRegistrationEdit(row.id));
      default:
        return setPending({ action, row });
    }
  };

  const onSort = (key: string) => {
    const k = key as NonNullable<TSvRegistrationSearch['sort']>;
    setDir(k === sort && dir === 'asc' ? 'desc' : 'asc');
    setSortKey(k);
    setPage(1);
  };

  const columns: Column<TSvRegistrationListItem>[] = [
    {
      key: 'actions',
      header: t('safeVendor.list.col.actions'),
      width: 80,
      // spec 001 §2, §6 (ADR 0014): the Actions menu for roleIds 1 and 2; attendants' rows carry none
      hidden: !canManage,
      render: (r) =>
        r.actions.length ? (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                aria-label={t('safeVendor.list.actionsFor', { name: `${r.firstname} ${r.lastname}` })}
                data-testid={`sv-actions-${r.id}`}
              >
                <IconDotsVertical size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {r.actions.map((a) => (
                <Menu.Item key={a} color={a === 'deny' ? 'red.9' : undefined} onClick={() => runAction(a, r)}>
                  {t(`safeVendor.list.action.${a}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null,
    },
    {
      key: 'company',
      header: t('safeVendor.list.col.company'),
      sortKey: 'company',
      width: 200,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.company}</Text>
          {me.roleId === ROLE.Admin ? (
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
        <Group gap={4} wrap="nowrap">
          <SvStatusBadge state={r.displayState} />
          {r.suspended ? (
            <Badge color="red.9" variant="outline">
              {t('safeVendor.list.suspended')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'expDate',
      header: t('safeVendor.list.col.expDate'),
      sortKey: 'expDate',
      width: 130,
      render: (r) => (r.expDate ? formatUsDate(r.expDate) : ''),
    },
    {
      key: 'name',
      header: t('safeVendor.list.col.name'),
      sortKey: 'name',
      render: (r) => (
        <Stack gap={0}>
          <Text fw={600} size="sm" data-testid="sv-name">
            {`${r.firstname} ${r.lastname}`}
          </Text>
          <Text size="xs" c="dimmed">
            {t('safeVendor.list.idLabel', { id: r.id })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'dob',
      header: t('safeVendor.list.col.dob'),
      sortKey: 'dob',
      width: 120,
      render: (r) => (r.dob ? formatUsDate(r.dob) : ''),
    },
    {
      key: 'note',
      header: t('safeVendor.list.col.note'),
      render: (r) => (
        <Text size="sm" lineClamp={2} maw={200}>
          {r.note}
        </Text>
      ),
    },
  ];

  const companyData = (companies.data ?? []).map((c) => ({
    value: String(c.id),
    label: me.roleId === ROLE.Admin ? `${c.name} — ${c.clientName}` : c.name,
  }));
  const statusData = SV_STATUS_FILTERS.map((s) => ({ value: s, label: t(`safeVendor.list.statuses.${s}`) }));
  // §4 bulk approve: only pending ones
  const pendingOnPage = (list.data?.data ?? []).filter((r) => r.approved === null && r.actions.includes('approve'));

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearch(draft.trim());
  };
  const clear = () => {
    setDraft('');
    setSearch('');
    setStored(DEFAULT_STORED);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('safeVendor.list.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('safeVendor.list.intro')}
          </Text>
        </Stack>
        {canManage ? (
          <Group gap="sm">
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => navigate(paths.svRegistrationAdd)}>
              {t('safeVendor.list.add')}
            </Button>
            <Tooltip label={t('safeVendor.list.approveAllHint')}>
              <Button
                variant="default"
                leftSection={<IconCheck size={16} aria-hidden />}
                disabled={pendingOnPage.length === 0}
                onClick={() => setApproving({ rows: pendingOnPage, all: true })}
              >
                {t('safeVendor.list.approveAll')}
              </Button>
            </Tooltip>
            <ExportButton
              kind="svregistrations"
              label={t('safeVendor.list.export')}
              title={t('safeVendor.list.exportTitle')}
              columns={SV_REGISTRATION_EXPORT_COLUMNS.map((c) => ({
                id: String(c.id),
                header: c.header,
                selectedByDefault: true,
              }))}
              onDownload={(format, ids) => downloadSvExport({ ...stored, search, format, columns: ids.map(Number) })}
            />
          </Group>
        ) : null}
      </Group>

      <Paper
        withBorder
        radius="md"
        p="sm"
        component="form"
        onSubmit={submitSearch}
        aria-label={t('safeVendor.list.legend')}
      >
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
          <Group gap="sm" ml="auto">
            <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={clear}>
              {t('safeVendor.list.clear')}
            </Button>
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {t('safeVendor.list.searchButton')}
            </Button>
          </Group>
        </Group>
      </Paper>

      <DataTable
        caption={t('safeVendor.list.tableCaption')}
        columns={columns}
        page={list.data}
        isFetching={list.isFetching}
        rowKey={(r) => r.id}
        sort={sort}
        dir={dir}
        onSort={onSort}
        onPage={setPage}
        empty={t('safeVendor.list.empty')}
      />

      <ApproveDialog
        rows={approving?.rows ?? null}
        all={approving?.all ?? false}
        onClose={closeApprove}
        kind="vendor"
      />
      <InformationDialog id={infoId} onClose={closeInfo} kind="vendor" />
      <SvPrintDialog row={printRow} onClose={closePrint} />
      <ConfirmDialog
        message={pending ? CONFIRM_TEXT[pending.action] : null}
        busy={act.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}
