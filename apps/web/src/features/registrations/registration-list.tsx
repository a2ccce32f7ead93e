import { ActionIcon, Button, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconDotsVertical, IconSearch, IconX } from '@tabler/icons-react';
import type { TPermission } from '@sv/contracts';
import { formatCalendarDate } from '../../lib/time/format';
import { type ComponentType, type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Column } from '../../components/data-table/data-table';
import { deferred } from '../../components/deferred';
import { ExportButton, type ExportFormat } from '../../components/export';
import { ListAddButton, ListPage, type ListQuery } from '../../components/list-page';
import { useCan } from '../../lib/can';
import { useUser } from '../../lib/session';
import { DistrictChecksNotice } from './background-check-note';
import { errorMessage, type RegistrationKind } from './registrations-api';
import { notify } from '../../lib/notify';

/**
 * The list page of registrations, one for both kinds the registrations engine serves (ADR 0014):
 * volunteers (/registration) and SafeVendor vendors (/svregistration). The page, a ListPage, owns
 * the header (Add, Approve all, Export), the filter form, the one DataTable with server paging, the row
 * Actions menu and the dialogs the engine shares (approve, information, confirm); each feature
 * passes its filters, its own columns and dialogs, its requests and its wording.
 */

// the registrations engine's dialogs, shared (ADR 0014)
const ApproveDialog = deferred(() => import('./registration-dialogs').then((m) => m.ApproveDialog));
const InformationDialog = deferred(() => import('./registration-dialogs').then((m) => m.InformationDialog));
const RegistrationConfirmDialog = deferred(() =>
  import('./registration-dialogs').then((m) => m.RegistrationConfirmDialog),
);

/**
 * The strings of a registrations list. Each feature keeps them under one key of its catalogue
 * (`registrations`, `safeVendor.list`) and names that key in `textKey`; the catalogue declares it
 * `satisfies RegistrationListWording` so none is missing. `action` and `done` hold a word and a
 * success alert for each row action the feature offers.
 */
export type RegistrationListWording = Record<'title' | 'intro' | 'add' | 'approveAll' | 'approveAllHint', string> &
  Record<'export' | 'exportTitle' | 'tableCaption' | 'empty' | 'actionsFor' | 'idLabel', string> & {
    col: Record<'actions' | 'expDate' | 'name' | 'dob' | 'note', string> & Record<string, string>;
    action: Record<string, string>;
    done: Record<string, string>;
  };

/**
 * A list's filter memory (spec 001 §2 "The filter choice is remembered for the session"). The
 * security guide forbids personal data in browser storage, so only the choices without it (status,
 * type or company, flags) go to sessionStorage under `key`; the search text is kept in `text`, in
 * the module's memory only (it survives moving between screens, not a reload, and never leaves the
 * page except in the search request's body). Both belong to the signed-in user: the next person to
 * sign in at the same front-desk browser starts from the defaults, never the last one's search.
 */
export interface FilterMemory<S extends { status: string }, T> {
  key: string;
  defaults: S;
  /** the list's statuses: a stored status not among them is the default one */
  statuses: readonly S['status'][];
  /** the other stored choices, each checked: anything else is its default */
  read: (stored: Partial<S>) => Omit<S, 'status'>;
  /** the search text of this session, and when cleared */
  text: T;
  /** the user the search text belongs to (set on first use) */
  owner?: number;
  emptyText: T;
  /** the search text as it is sent, from what is typed */
  clean: (draft: T) => T;
}

/** A stored id (a type's, a company's), or none. */
export const storedId = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function readStored<S extends { status: string }, T>(memory: FilterMemory<S, T>, storageKey: string): S {
  try {
    const v = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as Partial<S> | null;
    if (!v) return memory.defaults;
    const status = (memory.statuses as readonly string[]).includes(v.status ?? '') ? v.status : memory.defaults.status;
    return { status, ...memory.read(v) } as S;
  } catch {
    return memory.defaults;
  }
}

/** The state of a list page: its remembered filters, the typed search, the page and the sort (§9: name ascending). */
export function useRegistrationListState<S extends { status: string }, T, Sort extends string>(
  memory: FilterMemory<S, T>,
  defaultSort: Sort,
) {
  const userId = useUser().id;
  if (memory.owner !== userId) {
    memory.owner = userId;
    memory.text = memory.emptyText;
  }
  const storageKey = `${memory.key}:${userId}`;
  const [stored, setStoredState] = useState<S>(() => readStored(memory, storageKey));
  const [text, setTextState] = useState<T>(memory.text);
  // what is typed is sent when the search is submitted (Enter or Search), not on every key
  const [draft, setDraft] = useState<T>(memory.text);
  const [page, setPage] = useState(1);
  const [sort, setSortKey] = useState<Sort>(defaultSort);
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');

  const setStored = (next: S) => {
    setStoredState(next);
    sessionStorage.setItem(storageKey, JSON.stringify(next));
    setPage(1);
  };
  const setText = (next: T) => {
    memory.text = next;
    setTextState(next);
    setPage(1);
  };
  return {
    stored,
    setStored,
    text,
    draft,
    setDraft,
    /** the paging and sort of the search request */
    paging: { page, perPage: 100, sort, dir },
    setPage,
    onSort: (key: string) => {
      const k = key as Sort;
      setDir(k === sort && dir === 'asc' ? 'desc' : 'asc');
      setSortKey(k);
      setPage(1);
    },
    submitSearch: (e: FormEvent) => {
      e.preventDefault();
      setText(memory.clean(draft));
    },
    clear: () => {
      setDraft(memory.emptyText);
      setText(memory.emptyText);
      setStored(memory.defaults);
    },
  };
}

/** Clear search and Search, the buttons of a list's filter form. */
export function SearchButtons(props: { clear: string; search: string; onClear: () => void; ml?: 'auto' }) {
  return (
    <Group gap="sm" ml={props.ml}>
      <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={props.onClear}>
        {props.clear}
      </Button>
      <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
        {props.search}
      </Button>
    </Group>
  );
}

/** A row of either list: who, whether it is pending, and the actions offered to the viewer. */
export interface RegistrationRow {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  dob: string | null;
  expDate: string | null;
  note: string;
  approved: boolean | null;
  /** empty for attendants (spec 001 §2, §6) */
  actions: string[];
}
type ActionOf<R extends RegistrationRow> = R['actions'][number];

/** A row action that opens one of the feature's dialogs. */
export type RowDialog<R> = ComponentType<{ row: R | null; onClose: () => void }>;

export interface RegistrationListProps<R extends RegistrationRow> {
  kind: RegistrationKind;
  /** the i18n key of the feature's RegistrationListWording, e.g. 'safeVendor.list' */
  textKey: string;
  /** the intro under the title, when not the wording's (the platform administrator's every district) */
  intro?: string;
  /** who sees Add, Approve all, Export and the Actions menu */
  manage: TPermission;
  addPath: string;
  /** buttons after Add */
  buttons?: ReactNode;
  exportList: {
    kind: string;
    columns: readonly { id: number; header: string }[];
    download: (format: ExportFormat, columns: number[]) => Promise<void>;
  };
  /** the sort, paging and search of useRegistrationListState */
  state: {
    paging: { sort: string; dir: 'asc' | 'desc' };
    onSort: (key: string) => void;
    setPage: (page: number) => void;
    submitSearch: (e: FormEvent) => void;
  };
  /** the filter form's name and fields (with SearchButtons) */
  filtersLabel: string;
  filters: ReactNode;
  /** the list's query: its page of rows, loading and failure */
  list: ListQuery<R>;
  actionsWidth: number;
  actionsTestId: string;
  /** the feature's own columns, after the Actions menu */
  columns: Column<R>[];
  /** the columns both lists show after the feature's own (expiration date, name with ID, date of birth, note) */
  person: {
    /** the expiration date shown (default: the row's) */
    expDate?: (row: R) => string | null;
    nameTestId: string;
    withEmail?: boolean;
    noteWidth: number;
  };
  editPath: (id: number) => string;
  /** row actions that open one of the feature's dialogs */
  dialogs: Partial<Record<ActionOf<R>, RowDialog<R>>>;
  /** row actions confirmed with a spec 001 §8 text: the texts, which may mark under review, and the request */
  confirm: {
    text: Partial<Record<ActionOf<R>, string>>;
    withUnderReview?: (action: ActionOf<R>) => boolean;
    run: (action: ActionOf<R>, row: R, underReview: boolean) => Promise<unknown>;
    busy: boolean;
  };
}

/** A registrations list (spec 001 §2 lists, Actions menu and modals; §4 bulk approve; §8; §9 defaults). */
export function RegistrationList<R extends RegistrationRow>(props: RegistrationListProps<R>) {
  type A = ActionOf<R>;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCan(props.manage);
  const k = props.textKey;
  const { state, person } = props;

  const [approving, setApproving] = useState<{ rows: R[]; all: boolean } | null>(null);
  const [infoId, setInfoId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ action: A; row: R } | null>(null);
  const [pending, setPending] = useState<{ action: A; row: R } | null>(null);
  // spec 001 §2 export windows (/Registration/Export, /SVRegistration/Export) land here with
  // ?export=1 (issue 25, audit 001 B2): the export dialog starts open, and the address is cleaned
  const [params, setParams] = useSearchParams();
  const [exportOnArrival] = useState(() => params.get('export') === '1');
  // biome-ignore lint/correctness/useExhaustiveDependencies: clean the window's parameters once, on arrival
  useEffect(() => {
    if (params.size > 0) setParams({}, { replace: true });
  }, []);
  const closeApprove = useCallback(() => setApproving(null), []);
  const closeInfo = useCallback(() => setInfoId(null), []);
  const closeDialog = useCallback(() => setDialog(null), []);

  const confirm = async (underReview: boolean) => {
    if (!pending) return;
    const { action, row } = pending;
    try {
      await props.confirm.run(action, row, underReview);
      notify.success(t(`${k}.done.${action}`));
    } catch (err) {
      notify.error(errorMessage(err));
    }
    setPending(null);
  };

  const runAction = (action: A, row: R) => {
    if (action === 'approve') return setApproving({ rows: [row], all: false });
    if (action === 'information') return setInfoId(row.id);
    if (action === 'edit') return navigate(props.editPath(row.id));
    if (props.dialogs[action]) return setDialog({ action, row });
    return setPending({ action, row });
  };

  const columns: Column<R>[] = [
    {
      key: 'actions',
      header: t(`${k}.col.actions`),
      width: props.actionsWidth,
      // spec 001 §2, §6 (ADR 0014): attendants see no Actions menu (their rows carry no actions)
      hidden: !canManage,
      render: (r) =>
        r.actions.length ? (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                aria-label={t(`${k}.actionsFor`, { name: `${r.firstname} ${r.lastname}` })}
                data-testid={`${props.actionsTestId}-${r.id}`}
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
                  {t(`${k}.action.${a}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null,
    },
    ...props.columns,
    {
      key: 'expDate',
      header: t(`${k}.col.expDate`),
      sortKey: 'expDate',
      width: 130,
      render: (r) => {
        const shown = person.expDate ? person.expDate(r) : r.expDate;
        return formatCalendarDate(shown) ?? '';
      },
    },
    {
      key: 'name',
      header: t(`${k}.col.name`),
      sortKey: 'name',
      render: (r) => (
        <Stack gap={0}>
          <Text fw={600} size="sm" data-testid={person.nameTestId}>
            {`${r.firstname} ${r.lastname}`}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`${k}.idLabel`, { id: r.id })}
          </Text>
          {person.withEmail && r.email ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {r.email}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'dob',
      header: t(`${k}.col.dob`),
      sortKey: 'dob',
      width: 120,
      render: (r) => formatCalendarDate(r.dob) ?? '',
    },
    {
      key: 'note',
      header: t(`${k}.col.note`),
      render: (r) => (
        <Text size="sm" lineClamp={2} maw={person.noteWidth}>
          {r.note}
        </Text>
      ),
    },
  ];

  // §4 bulk approve: only pending ones
  const pendingOnPage = (props.list.data?.data ?? []).filter(
    (r) => r.approved === null && r.actions.includes('approve'),
  );

  return (
    <ListPage
      title={t(`${k}.title`)}
      intro={props.intro ?? t(`${k}.intro`)}
      actions={
        canManage ? (
          <>
            <ListAddButton label={t(`${k}.add`)} onClick={() => navigate(props.addPath)} />
            {props.buttons}
            <Tooltip label={t(`${k}.approveAllHint`)}>
              <Button
                variant="default"
                leftSection={<IconCheck size={16} aria-hidden />}
                disabled={pendingOnPage.length === 0}
                onClick={() => setApproving({ rows: pendingOnPage, all: true })}
              >
                {t(`${k}.approveAll`)}
              </Button>
            </Tooltip>
            <ExportButton
              kind={props.exportList.kind}
              label={t(`${k}.export`)}
              title={t(`${k}.exportTitle`)}
              columns={props.exportList.columns.map((c) => ({
                id: String(c.id),
                header: c.header,
                selectedByDefault: true,
              }))}
              onDownload={(format, ids) => props.exportList.download(format, ids.map(Number))}
              initiallyOpen={exportOnArrival}
            />
          </>
        ) : null
      }
      // issue 23 §2: say plainly when the district's checks are not configured or only a demo
      notice={<DistrictChecksNotice />}
      filters={
        <Paper
          withBorder
          radius="md"
          p="sm"
          component="form"
          onSubmit={state.submitSearch}
          aria-label={props.filtersLabel}
        >
          {props.filters}
        </Paper>
      }
      table={{
        caption: t(`${k}.tableCaption`),
        columns,
        list: props.list,
        rowKey: (r) => r.id,
        sort: state.paging.sort,
        dir: state.paging.dir,
        onSort: state.onSort,
        onPage: state.setPage,
        empty: t(`${k}.empty`),
      }}
    >
      <ApproveDialog
        rows={approving?.rows ?? null}
        all={approving?.all ?? false}
        onClose={closeApprove}
        kind={props.kind}
      />
      {(Object.entries(props.dialogs) as [A, RowDialog<R>][]).map(([action, Dialog]) => (
        <Dialog key={action} row={dialog?.action === action ? dialog.row : null} onClose={closeDialog} />
      ))}
      <InformationDialog id={infoId} onClose={closeInfo} kind={props.kind} />
      <RegistrationConfirmDialog
        message={pending ? (props.confirm.text[pending.action] ?? null) : null}
        withUnderReview={pending ? props.confirm.withUnderReview?.(pending.action) : false}
        busy={props.confirm.busy}
        onCancel={() => setPending(null)}
        onConfirm={(underReview) => void confirm(underReview)}
      />
    </ListPage>
  );
}
