import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconDotsVertical,
  IconHelpCircle,
  IconMail,
  IconPlus,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import {
  MESSAGES,
  REGISTRATION_EXPORT_COLUMNS,
  REGISTRATION_STATUS_FILTERS,
  type TRegistrationListItem,
  type TRegistrationSearch,
  type TRegistrationStatusFilter,
} from '@sv/contracts';
import { formatUsDate } from '@sv/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { deferred } from '../../components/deferred';
import { ExportButton } from '../../components/export';
import { useCan } from '../../lib/can';
import { paths } from '../../lib/paths';
import {
  alertFailure,
  alertSuccess,
  downloadRegistrationsExport,
  errorMessage,
  registrationTypesQuery,
  searchHelpQuery,
  useCancelEmailWarnings,
  useClearPhoto,
  useDeny,
  useExpirationEmail,
  useMakePending,
  useRegistrationsList,
} from './registrations-api';
import { STATUS_COLOR } from './registration-status';
import './i18n.en';

const ApproveDialog = deferred(() => import('./registration-dialogs').then((m) => m.ApproveDialog));
const BuildingsDialog = deferred(() => import('./registration-dialogs').then((m) => m.BuildingsDialog));
const PrintDialog = deferred(() => import('./registration-dialogs').then((m) => m.PrintDialog));
const PhotoDialog = deferred(() => import('./registration-dialogs').then((m) => m.PhotoDialog));
const InformationDialog = deferred(() => import('./registration-dialogs').then((m) => m.InformationDialog));
const ConfirmDialog = deferred(() => import('./registration-dialogs').then((m) => m.ConfirmDialog));

/**
 * Filter memory (spec 001 §2 "The filter choice is remembered for the session"). The security
 * guide forbids personal data in browser storage, so only the status, the type and the
 * include-expired flag go to sessionStorage; first name, last name, ID and e-mail are kept in
 * this module's memory only (they survive moving between screens, not a reload, and never
 * leave the page except in the search request's body).
 */
const STORAGE_KEY = 'sv.registrations.filter';
interface StoredFilter {
  status: TRegistrationStatusFilter;
  registrationTypeId: number | null;
  includeExpired: boolean;
}
interface TextFilter {
  firstname: string;
  lastname: string;
  id: string;
  email: string;
}
const DEFAULT_STORED: StoredFilter = { status: 'pending', registrationTypeId: null, includeExpired: false };
const EMPTY_TEXT: TextFilter = { firstname: '', lastname: '', id: '', email: '' };
let textMemory: TextFilter = EMPTY_TEXT;

function readStored(): StoredFilter {
  try {
    const v = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<StoredFilter> | null;
    if (!v) return DEFAULT_STORED;
    return {
      status: (REGISTRATION_STATUS_FILTERS as readonly string[]).includes(v.status ?? '')
        ? (v.status as TRegistrationStatusFilter)
        : 'pending',
      registrationTypeId: typeof v.registrationTypeId === 'number' ? v.registrationTypeId : null,
      includeExpired: v.includeExpired === true,
    };
  } catch {
    return DEFAULT_STORED;
  }
}

type Pending = {
  kind: 'deny' | 'denyAndExclude' | 'makePending' | 'cancelEmailWarnings' | 'clearPhoto' | 'sendExpirationEmail';
  row: TRegistrationListItem;
} | null;

const CONFIRM_TEXT = {
  deny: MESSAGES.registrationDenyConfirm,
  denyAndExclude: MESSAGES.registrationDenyExcludeConfirm,
  makePending: MESSAGES.registrationPendingConfirm,
  cancelEmailWarnings: MESSAGES.registrationCancelWarningsConfirm,
  clearPhoto: MESSAGES.registrationClearPhotoConfirm,
  sendExpirationEmail: MESSAGES.registrationExpirationEmailConfirm,
} as const;

/** The registrations list (spec 001 §2 Registrations list, actions menu, modals; §9 defaults). */
export default function RegistrationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCan('registrations.manage');
  const [stored, setStoredState] = useState<StoredFilter>(readStored);
  const [text, setTextState] = useState<TextFilter>(textMemory);
  // what is typed is sent when the search is submitted (Enter or Search), not on every key
  const [draft, setDraft] = useState<TextFilter>(textMemory);
  const [page, setPage] = useState(1);
  const [sort, setSortKey] = useState<NonNullable<TRegistrationSearch['sort']>>('name');
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');

  const setStored = (next: StoredFilter) => {
    setStoredState(next);
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setPage(1);
  };
  const setText = (next: TextFilter) => {
    textMemory = next;
    setTextState(next);
    setPage(1);
  };

  const query: TRegistrationSearch = { page, perPage: 100, sort, dir, ...stored, ...text };
  const list = useRegistrationsList(query);
  const types = useQuery(registrationTypesQuery);
  const help = useQuery(searchHelpQuery);
  const [helpOpen, setHelpOpen] = useState(false);

  const [approving, setApproving] = useState<{ rows: TRegistrationListItem[]; all: boolean } | null>(null);
  const [buildingsRow, setBuildingsRow] = useState<TRegistrationListItem | null>(null);
  const [printRow, setPrintRow] = useState<TRegistrationListItem | null>(null);
  const closePrint = useCallback(() => setPrintRow(null), []);
  const [photoRow, setPhotoRow] = useState<TRegistrationListItem | null>(null);
  const [infoId, setInfoId] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const closeApprove = useCallback(() => setApproving(null), []);
  const closeBuildings = useCallback(() => setBuildingsRow(null), []);
  const closePhoto = useCallback(() => setPhotoRow(null), []);
  const closeInfo = useCallback(() => setInfoId(null), []);

  const deny = useDeny();
  const makePending = useMakePending();
  const cancelWarnings = useCancelEmailWarnings();
  const clearPhoto = useClearPhoto();
  const expirationEmail = useExpirationEmail();
  const busy =
    deny.isPending ||
    makePending.isPending ||
    cancelWarnings.isPending ||
    clearPhoto.isPending ||
    expirationEmail.isPending;

  const confirm = async (underReview: boolean) => {
    if (!pending) return;
    const { kind, row } = pending;
    try {
      if (kind === 'deny' || kind === 'denyAndExclude') {
        await deny.mutateAsync({ id: row.id, exclude: kind === 'denyAndExclude', underReview });
      } else if (kind === 'makePending') await makePending.mutateAsync({ id: row.id, underReview });
      else if (kind === 'cancelEmailWarnings') await cancelWarnings.mutateAsync(row.id);
      else if (kind === 'clearPhoto') await clearPhoto.mutateAsync(row.id);
      else await expirationEmail.mutateAsync(row.id);
      alertSuccess(t(`registrations.done.${kind}`));
    } catch (err) {
      alertFailure(errorMessage(err));
    }
    setPending(null);
  };

  const runAction = (action: TRegistrationListItem['actions'][number], row: TRegistrationListItem) => {
    switch (action) {
      case 'approve':
        return setApproving({ rows: [row], all: false });
      case 'print':
        return setPrintRow(row);
      case 'buildings':
        return setBuildingsRow(row);
      case 'uploadPhoto':
        return setPhotoRow(row);
      case 'information':
        return setInfoId(row.id);
      case 'edit':
        return navigate(paths.registrationEdit(row.id));
      default:
        return setPending({ kind: action, row });
    }
  };

  const onSort = (key: string) => {
    const k = key as NonNullable<TRegistrationSearch['sort']>;
    setDir(k === sort && dir === 'asc' ? 'desc' : 'asc');
    setSortKey(k);
    setPage(1);
  };

  const columns: Column<TRegistrationListItem>[] = [
    {
      key: 'actions',
      header: t('registrations.col.actions'),
      width: 70,
      // spec 001 §2, §6: attendants see no action menu (their rows carry no actions)
      hidden: !canManage,
      render: (r) =>
        r.actions.length ? (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                aria-label={t('registrations.actionsFor', { name: `${r.firstname} ${r.lastname}` })}
                data-testid={`actions-${r.id}`}
              >
                <IconDotsVertical size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {r.actions.map((a) => (
                <Menu.Item
                  key={a}
                  color={a === 'deny' || a === 'denyAndExclude' ? 'red.9' : undefined}
                  onClick={() => runAction(a, r)}
                >
                  {t(`registrations.action.${a}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null,
    },
    { key: 'type', header: t('registrations.col.type'), sortKey: 'type', render: (r) => r.registrationType },
    {
      key: 'status',
      header: t('registrations.col.status'),
      sortKey: 'status',
      width: 190,
      render: (r) => (
        <Stack gap={2} align="flex-start" data-testid="status-cell">
          <Group gap={4} wrap="nowrap">
            <Badge color={STATUS_COLOR[r.display.label] ?? 'gray.7'} variant="filled">
              {r.display.label}
            </Badge>
            {r.display.suspended ? (
              <Badge color="red.9" variant="outline">
                {t('registrations.suspended')}
              </Badge>
            ) : null}
          </Group>
          {r.display.backgroundCheck && r.display.backgroundCheck !== 'Pending' ? (
            <Text size="xs" c="dimmed">
              {t('registrations.backgroundCheck', { state: r.display.backgroundCheck })}
            </Text>
          ) : null}
          {r.display.renewal ? (
            <Text size="xs" c="dimmed">
              {r.display.renewal}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'expDate',
      header: t('registrations.col.expDate'),
      sortKey: 'expDate',
      width: 130,
      // §4: under review hides the expiration date
      render: (r) => (r.display.showExpiration && r.expDate ? formatUsDate(r.expDate) : ''),
    },
    {
      key: 'name',
      header: t('registrations.col.name'),
      sortKey: 'name',
      render: (r) => (
        <Stack gap={0}>
          <Text fw={600} size="sm" data-testid="registration-name">
            {`${r.firstname} ${r.lastname}`}
          </Text>
          <Text size="xs" c="dimmed">
            {t('registrations.idLabel', { id: r.id })}
          </Text>
          {r.email ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {r.email}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'dob',
      header: t('registrations.col.dob'),
      sortKey: 'dob',
      width: 120,
      render: (r) => (r.dob ? formatUsDate(r.dob) : ''),
    },
    {
      key: 'note',
      header: t('registrations.col.note'),
      render: (r) => (
        <Text size="sm" lineClamp={2} maw={260}>
          {r.note}
        </Text>
      ),
    },
  ];

  const typeData = (types.data ?? []).map((ty) => ({ value: String(ty.id), label: ty.name }));
  const statusData = REGISTRATION_STATUS_FILTERS.map((s) => ({ value: s, label: t(`registrations.status.${s}`) }));
  const pendingOnPage = (list.data?.data ?? []).filter((r) => r.approved === null && r.actions.includes('approve'));

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setText({ ...draft });
  };
  const clear = () => {
    setDraft(EMPTY_TEXT);
    setText(EMPTY_TEXT);
    setStored(DEFAULT_STORED);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('registrations.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('registrations.intro')}
          </Text>
        </Stack>
        {canManage ? (
          <Group gap="sm">
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => navigate(paths.registrationAdd)}>
              {t('registrations.add')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconMail size={16} aria-hidden />}
              onClick={() => navigate(paths.registrationSend)}
            >
              {t('registrations.send')}
            </Button>
            <Tooltip label={t('registrations.approveAllHint')}>
              <Button
                variant="default"
                leftSection={<IconCheck size={16} aria-hidden />}
                disabled={pendingOnPage.length === 0}
                onClick={() => setApproving({ rows: pendingOnPage, all: true })}
              >
                {t('registrations.approveAll')}
              </Button>
            </Tooltip>
            <ExportButton
              kind="registrations"
              label={t('registrations.export')}
              title={t('registrations.exportTitle')}
              columns={REGISTRATION_EXPORT_COLUMNS.map((c) => ({
                id: String(c.id),
                header: c.header,
                selectedByDefault: true,
              }))}
              onDownload={(format, ids) =>
                downloadRegistrationsExport({ ...stored, ...text, format, columns: ids.map(Number) })
              }
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
        aria-label={t('registrations.filters.legend')}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Select
              label={t('registrations.filters.status')}
              // §2 options: 'Select' is the placeholder shown when nothing is chosen, then All … Under Review
              placeholder={t('registrations.status.select')}
              data={statusData}
              value={stored.status}
              allowDeselect={false}
              onChange={(v) => v && setStored({ ...stored, status: v as TRegistrationStatusFilter })}
              data-testid="status-filter"
            />
            <Select
              label={t('registrations.filters.type')}
              placeholder={t('registrations.filters.anyType')}
              data={typeData}
              value={stored.registrationTypeId === null ? null : String(stored.registrationTypeId)}
              onChange={(v) => setStored({ ...stored, registrationTypeId: v ? Number(v) : null })}
              clearable
              data-testid="type-filter"
            />
            <Checkbox
              label={t('registrations.filters.includeExpired')}
              checked={stored.includeExpired}
              onChange={(e) => setStored({ ...stored, includeExpired: e.currentTarget.checked })}
              mt={{ base: 0, md: 30 }}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <TextInput
              label={t('registrations.filters.firstname')}
              value={draft.firstname}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, firstname: e.currentTarget.value })}
            />
            <TextInput
              label={t('registrations.filters.lastname')}
              value={draft.lastname}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, lastname: e.currentTarget.value })}
            />
            <TextInput
              label={t('registrations.filters.id')}
              value={draft.id}
              inputMode="numeric"
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, id: e.currentTarget.value.replace(/\D/g, '').slice(0, 10) })}
            />
            <TextInput
              label={t('registrations.filters.email')}
              value={draft.email}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, email: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Group justify="space-between" wrap="wrap">
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconHelpCircle size={16} aria-hidden />}
              aria-expanded={helpOpen}
              onClick={() => setHelpOpen((o) => !o)}
            >
              {t('registrations.searchHelp')}
            </Button>
            <Group gap="sm">
              <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={clear}>
                {t('registrations.filters.clear')}
              </Button>
              <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
                {t('registrations.filters.search')}
              </Button>
            </Group>
          </Group>
          {helpOpen && help.data ? (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }} data-testid="search-help">
              {help.data}
            </Text>
          ) : null}
        </Stack>
      </Paper>

      <DataTable
        caption={t('registrations.tableCaption')}
        columns={columns}
        page={list.data}
        isFetching={list.isFetching}
        rowKey={(r) => r.id}
        sort={sort}
        dir={dir}
        onSort={onSort}
        onPage={setPage}
        empty={t('registrations.empty')}
      />

      <ApproveDialog rows={approving?.rows ?? null} all={approving?.all ?? false} onClose={closeApprove} />
      <BuildingsDialog row={buildingsRow} onClose={closeBuildings} />
      <PrintDialog row={printRow} onClose={closePrint} />
      <PhotoDialog row={photoRow} onClose={closePhoto} />
      <InformationDialog id={infoId} onClose={closeInfo} />
      <ConfirmDialog
        message={pending ? CONFIRM_TEXT[pending.kind] : null}
        withUnderReview={
          pending?.kind === 'deny' || pending?.kind === 'denyAndExclude' || pending?.kind === 'makePending'
        }
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={(underReview) => void confirm(underReview)}
      />
    </Stack>
  );
}
