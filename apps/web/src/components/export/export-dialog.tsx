import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MESSAGES, type TExportColumnsResponse, type TExportPostRequest } from '@sv/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { downloadPostedExport } from './export-download';
import { type ExportFormat, type ExportParams, exportParamStrings, exportUrl } from './export-url';
import '../../features/imports/i18n.en';
import { SHOWS_ERROR } from '../../lib/query-client';

export const exportColumnsQuery = (kind: string) =>
  queryOptions({
    queryKey: ['exports', kind, 'columns'],
    queryFn: () => api.get<TExportColumnsResponse>(`/api/exports/${encodeURIComponent(kind)}/columns`),
    staleTime: Number.POSITIVE_INFINITY,
  });

export interface ExportDialogProps {
  /** export kind registered on the server: 'exclusions' | 'buildings' | 'users' | … */
  kind: string;
  opened: boolean;
  onClose: () => void;
  /** filters of the current list (clientId, activeOnly, listType …) */
  params?: ExportParams;
  title?: string;
  /** a fixed column list (e.g. from the contracts) instead of GET /api/exports/{kind}/columns */
  columns?: TExportColumnsResponse['data'];
  /**
   * Download through a request instead of a link (filters with search text go in a POST body,
   * security guide); a rejection's message is shown in the dialog.
   */
  onDownload?: (format: ExportFormat, columns: string[]) => Promise<void>;
  /**
   * The list's search words: the export is then requested with its filters in a POST body
   * (POST /api/exports/{kind}), never in a link's URL (security guide: no personal data in URLs).
   */
  searchText?: string;
  /** the columns Reset ticks (the logs: the first 8, spec 002 §9); default the columns ticked by default */
  resetColumns?: string[];
}

/**
 * Choose CSV or XLSX and, when the report has more than one column, which columns (defaults
 * ticked; Reset restores them, or ticks `resetColumns`). At least one column is required: 'Please select atleast one
 * column to download the report.' (spec 000 §5). The download is a plain link (GET with cookie).
 */
export function ExportDialog(props: ExportDialogProps) {
  const { t } = useTranslation();
  // the dialog says a failure itself (below): no toast as well (lib/query-client)
  const columnsQuery = useQuery({
    ...exportColumnsQuery(props.kind),
    enabled: props.opened && !props.columns,
    meta: SHOWS_ERROR,
  });
  const all = props.columns ?? columnsQuery.data?.data ?? [];
  const loading = !props.columns && columnsQuery.isPending;
  const [busy, setBusy] = useState(false);
  const defaults = useMemo(() => all.filter((c) => c.selectedByDefault).map((c) => c.id), [all]);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [selected, setSelected] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!props.opened) {
      setSelected(null);
      setError(null);
    }
  }, [props.opened]);

  const chosen = selected ?? defaults;
  const selectable = all.length > 1;
  const href = exportUrl(props.kind, format, props.params, selectable ? chosen : undefined);
  const words = props.searchText?.trim();
  const download =
    props.onDownload ??
    (words
      ? (f: ExportFormat, ids: string[]) =>
          downloadPostedExport(
            `/api/exports/${encodeURIComponent(props.kind)}`,
            {
              format: f,
              columns: selectable ? ids : undefined,
              params: { ...exportParamStrings(props.params), q: words },
            } satisfies TExportPostRequest,
            `${props.kind}.${f}`,
          )
      : undefined);

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title ?? t('exports.title')}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`export-format-${props.kind}`}>
            {t('exports.format')}
          </Text>
          <SegmentedControl
            aria-labelledby={`export-format-${props.kind}`}
            value={format}
            onChange={(v) => setFormat(v as ExportFormat)}
            data={[
              { value: 'csv', label: t('exports.csv') },
              { value: 'xlsx', label: t('exports.xlsx') },
            ]}
          />
        </Stack>
        {loading ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('exports.loadingColumns')}</Text>
          </Group>
        ) : null}
        {!props.columns && columnsQuery.isError ? (
          <Alert color="red" role="alert" variant="light">
            {(columnsQuery.error as Error).message}
          </Alert>
        ) : null}
        {selectable ? (
          <Checkbox.Group
            label={t('exports.columns')}
            value={chosen}
            onChange={(v) => {
              setSelected(v);
              if (v.length > 0) setError(null);
            }}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
              {all.map((c) => (
                <Checkbox key={c.id} value={c.id} label={c.header} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        ) : null}
        <Group justify="space-between">
          {selectable ? (
            <Button
              variant="subtle"
              onClick={() => {
                setSelected(props.resetColumns ?? null);
                setError(null);
              }}
            >
              {t('exports.reset')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            {download ? (
              <Button
                loading={busy}
                disabled={loading}
                onClick={async () => {
                  if (selectable && chosen.length === 0) {
                    setError(t('messages.exportNeedsColumn', { defaultValue: MESSAGES.exportNeedsColumn }));
                    return;
                  }
                  setBusy(true);
                  setError(null);
                  try {
                    await download(format, chosen);
                    props.onClose();
                  } catch (err) {
                    setError((err as Error).message);
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                {t('exports.download')}
              </Button>
            ) : (
              <Button
                component="a"
                href={href}
                download
                disabled={loading || columnsQuery.isError}
                onClick={(e) => {
                  if (selectable && chosen.length === 0) {
                    e.preventDefault();
                    setError(t('messages.exportNeedsColumn', { defaultValue: MESSAGES.exportNeedsColumn }));
                    return;
                  }
                  props.onClose();
                }}
              >
                {t('exports.download')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The Export button of a list page: opens the ExportDialog. `initiallyOpen`: the page was opened
 * from an export window of the spec (/Registration/Export, issue 25), so the dialog starts open.
 */
export function ExportButton(
  props: Omit<ExportDialogProps, 'opened' | 'onClose'> & { label?: string; initiallyOpen?: boolean },
) {
  const { t } = useTranslation();
  const { initiallyOpen = false, label, ...dialog } = props;
  const [opened, { open, close }] = useDisclosure(initiallyOpen);
  return (
    <>
      <Button variant="default" onClick={open}>
        {label ?? t('exports.button')}
      </Button>
      <ExportDialog {...dialog} opened={opened} onClose={close} />
    </>
  );
}
