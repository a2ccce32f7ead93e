import { Badge, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconHelpCircle, IconMail } from '@tabler/icons-react';
import {
  MESSAGES,
  REGISTRATION_EXPORT_COLUMNS,
  REGISTRATION_STATUS_FILTERS,
  type TRegistrationListItem,
  type TRegistrationSearch,
  type TRegistrationStatusFilter,
} from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Column } from '../../components/data-table/data-table';
import { deferred } from '../../components/deferred';
import { paths } from '../../lib/paths';
import { useCan } from '../../lib/can';
import {
  type FilterMemory,
  RegistrationList,
  SearchButtons,
  storedId,
  useRegistrationListState,
} from './registration-list';
import {
  downloadRegistrationsExport,
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
import { BackgroundCheckNote } from './background-check-note';
import './i18n.en';

const BuildingsDialog = deferred(() => import('./registration-dialogs').then((m) => m.BuildingsDialog));
const PrintDialog = deferred(() => import('./registration-dialogs').then((m) => m.PrintDialog));
const PhotoDialog = deferred(() => import('./registration-dialogs').then((m) => m.PhotoDialog));

/**
 * Filter memory (spec 001 §2 "The filter choice is remembered for the session"). The security
 * guide forbids personal data in browser storage, so only the status, the type and the
 * include-expired flag go to sessionStorage; first name, last name, ID and e-mail are kept in
 * this module's memory only (they survive moving between screens, not a reload, and never
 * leave the page except in the search request's body).
 */
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
const FILTERS: FilterMemory<StoredFilter, TextFilter> = {
  key: 'sv.registrations.filter',
  defaults: DEFAULT_STORED,
  statuses: REGISTRATION_STATUS_FILTERS,
  read: (v) => ({ registrationTypeId: storedId(v.registrationTypeId), includeExpired: v.includeExpired === true }),
  text: EMPTY_TEXT,
  emptyText: EMPTY_TEXT,
  clean: (draft) => ({ ...draft }),
};
const DEFAULT_SORT: NonNullable<TRegistrationSearch['sort']> = 'name';

type Action = TRegistrationListItem['actions'][number];

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
  const list = useRegistrationListState(FILTERS, DEFAULT_SORT);
  const { stored, setStored, text, draft, setDraft } = list;

  const query: TRegistrationSearch = { ...list.paging, ...stored, ...text };
  const registrations = useRegistrationsList(query);
  const types = useQuery(registrationTypesQuery);
  const help = useQuery(searchHelpQuery);
  // the platform administrator sees every district's registrations: each type names its district
  // (issue 25, audit 001 U4: two 'Volunteer' types and no district column)
  const everyDistrict = useCan('clients.crossDistrict');
  const districtOfType = new Map((types.data ?? []).map((ty) => [ty.id, ty.clientName]));
  const [helpOpen, setHelpOpen] = useState(false);

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

  const run = (kind: Action, row: TRegistrationListItem, underReview: boolean) => {
    if (kind === 'deny' || kind === 'denyAndExclude') {
      return deny.mutateAsync({ id: row.id, exclude: kind === 'denyAndExclude', underReview });
    }
    if (kind === 'makePending') return makePending.mutateAsync({ id: row.id, underReview });
    if (kind === 'cancelEmailWarnings') return cancelWarnings.mutateAsync(row.id);
    if (kind === 'clearPhoto') return clearPhoto.mutateAsync(row.id);
    return expirationEmail.mutateAsync(row.id);
  };

  const columns: Column<TRegistrationListItem>[] = [
    {
      key: 'type',
      header: t('registrations.col.type'),
      sortKey: 'type',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.registrationType}</Text>
          {everyDistrict ? (
            <Text size="xs" c="dimmed" data-testid="type-district">
              {districtOfType.get(r.registrationTypeId) ?? ''}
            </Text>
          ) : null}
        </Stack>
      ),
    },
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
          <BackgroundCheckNote note={r.display.backgroundCheckNote} />
          {r.display.renewal ? (
            <Text size="xs" c="dimmed">
              {r.display.renewal}
            </Text>
          ) : null}
        </Stack>
      ),
    },
  ];

  const typeData = (types.data ?? []).map((ty) => ({
    value: String(ty.id),
    label: everyDistrict ? `${ty.name} — ${ty.clientName}` : ty.name,
  }));
  const statusData = REGISTRATION_STATUS_FILTERS.map((s) => ({ value: s, label: t(`registrations.status.${s}`) }));

  return (
    <RegistrationList
      kind="volunteer"
      textKey="registrations"
      intro={everyDistrict ? t('registrations.introEveryDistrict') : undefined}
      manage="registrations.manage"
      addPath={paths.registrationAdd}
      buttons={
        <Button
          variant="default"
          leftSection={<IconMail size={16} aria-hidden />}
          onClick={() => navigate(paths.registrationSend)}
        >
          {t('registrations.send')}
        </Button>
      }
      exportList={{
        kind: 'registrations',
        columns: REGISTRATION_EXPORT_COLUMNS,
        download: (format, columns) => downloadRegistrationsExport({ ...stored, ...text, format, columns }),
      }}
      state={list}
      filtersLabel={t('registrations.filters.legend')}
      filters={
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
            <SearchButtons
              clear={t('registrations.filters.clear')}
              search={t('registrations.filters.search')}
              onClear={list.clear}
            />
          </Group>
          {helpOpen && help.data ? (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }} data-testid="search-help">
              {help.data}
            </Text>
          ) : null}
        </Stack>
      }
      list={registrations}
      actionsWidth={70}
      actionsTestId="actions"
      columns={columns}
      // §4: under review hides the expiration date
      person={{
        expDate: (r) => (r.display.showExpiration ? r.expDate : null),
        nameTestId: 'registration-name',
        withEmail: true,
        noteWidth: 260,
      }}
      editPath={paths.registrationEdit}
      dialogs={{ buildings: BuildingsDialog, print: PrintDialog, uploadPhoto: PhotoDialog }}
      confirm={{
        text: CONFIRM_TEXT,
        withUnderReview: (kind) => kind === 'deny' || kind === 'denyAndExclude' || kind === 'makePending',
        run,
        busy,
      }}
    />
  );
}
