import { Alert, Anchor, Button, FileInput, Group, List, Modal, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TImportBatch, TImportResult, TImportUndoResult } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/time/format';
import { ConfirmDialog } from '../confirm';
import { uploadImport } from './upload';
import '../../features/imports/i18n.en';

export type ImportState =
  | { step: 'idle' }
  | { step: 'uploading'; progress: number }
  | { step: 'results'; result: TImportResult }
  | { step: 'error'; error: string };

export interface ImportDialogProps {
  /** import kind registered on the server: 'exclusions' | 'buildings' | 'users' | … */
  kind: string;
  title: string;
  opened: boolean;
  /** true when results exist (spec: closing after results counts as a successful close) */
  onClose: (success: boolean) => void;
  /** option fields sent with the file (clientId, buildingId, registrationTypeId …) */
  options?: Record<string, string | number | null | undefined>;
  /** extra option inputs rendered above the file input (the caller keeps their values in `options`) */
  children?: ReactNode;
  /** sample file link; defaults to /api/imports/{kind}/sample (CSV and XLSX) */
  sampleHref?: string;
  /** disables Upload until the caller's options are complete */
  canUpload?: boolean;
}

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The bulk import dialog (spec 000 §2 "Bulk import dialogs", spec 001 §7 "Import dialog
 * behaviour"): idle → uploading (progress bar) → results (counts, messages, error file) or an
 * error message (results cleared). Sample file in CSV and XLSX.
 */
export function ImportDialog(props: ImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const [hadResults, setHadResults] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (props.opened) return;
    abort.current?.abort();
    setFile(null);
    setState({ step: 'idle' });
    setHadResults(false);
  }, [props.opened]);

  const base = `/api/imports/${encodeURIComponent(props.kind)}`;
  const sampleCsv = props.sampleHref ?? `${base}/sample?format=csv`;
  const sampleXlsx = props.sampleHref ? null : `${base}/sample?format=xlsx`;

  async function submit() {
    if (!file) return;
    const form = new FormData();
    for (const [k, v] of Object.entries(props.options ?? {}))
      if (v !== null && v !== undefined) form.append(k, String(v));
    form.append('file', file);
    abort.current = new AbortController();
    setState({ step: 'uploading', progress: 0 });
    const outcome = await uploadImport(
      base,
      form,
      (p) => setState((s) => (s.step === 'uploading' ? { step: 'uploading', progress: p } : s)),
      abort.current.signal,
    );
    if (outcome.ok) {
      setHadResults(true);
      setState({ step: 'results', result: outcome.result });
    } else {
      setState({ step: 'error', error: outcome.error });
    }
  }

  const uploading = state.step === 'uploading';
  const close = () => {
    if (uploading) return;
    props.onClose(hadResults);
  };

  return (
    <Modal opened={props.opened} onClose={close} title={props.title} size="lg" closeOnClickOutside={!uploading}>
      <Stack gap="sm">
        {props.children}
        <FileInput
          label={t('imports.chooseFile')}
          placeholder={t('imports.chooseFilePlaceholder')}
          description={t('imports.limits')}
          accept={ACCEPT}
          value={file}
          onChange={(f) => {
            setFile(f);
            if (state.step === 'error') setState({ step: 'idle' });
          }}
          disabled={uploading}
          clearable
        />
        <Group gap="xs">
          <Text size="sm">{t('imports.sample')}</Text>
          <Anchor href={sampleCsv} size="sm" download>
            {t('imports.sampleCsv')}
          </Anchor>
          {sampleXlsx ? (
            <Anchor href={sampleXlsx} size="sm" download>
              {t('imports.sampleXlsx')}
            </Anchor>
          ) : null}
        </Group>

        {state.step === 'uploading' ? (
          <Stack gap={4}>
            <Text size="sm">{state.progress < 1 ? t('imports.uploading') : t('imports.processing')}</Text>
            <Progress
              value={Math.round(state.progress * 100)}
              animated={state.progress >= 1}
              aria-label={t('imports.progress')}
            />
          </Stack>
        ) : null}

        {state.step === 'error' ? (
          <Alert color="red" role="alert" variant="light">
            {state.error}
          </Alert>
        ) : null}

        {state.step === 'results' ? <ImportResults result={state.result} /> : null}
        {state.step === 'idle' && props.opened ? <RecentImports kind={props.kind} /> : null}

        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={uploading}>
            {t('imports.close')}
          </Button>
          <Button onClick={submit} loading={uploading} disabled={!file || props.canUpload === false}>
            {state.step === 'results' ? t('imports.another') : t('imports.upload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** `importedLabel`: what an accepted row became, when "Imported" is not the word (invitations: "Sent"). */
export function ImportResults({ result, importedLabel }: { result: TImportResult; importedLabel?: string }) {
  const { t } = useTranslation();
  const r = result.results;
  if (!r) return null;
  return (
    <Stack gap="xs" aria-live="polite">
      <Text fw={600}>{t('imports.results')}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Count label={t('imports.total')} value={r.total} />
        <Count label={importedLabel ?? t('imports.imported')} value={r.imported} />
        <Count label={t('imports.duplicates')} value={r.duplicates} />
        <Count label={t('imports.rejected')} value={r.rejected} />
      </SimpleGrid>
      {r.messages.length > 0 ? (
        <List size="sm" spacing={2} style={{ maxHeight: 220, overflowY: 'auto' }}>
          {r.messages.map((m, i) => (
            // messages are plain lines without ids; the index is their identity
            // biome-ignore lint/suspicious/noArrayIndexKey: static list
            <List.Item key={i}>{m}</List.Item>
          ))}
        </List>
      ) : null}
      {result.batchId ? <UndoImport batchId={result.batchId} /> : null}
      {result.errorFile ? (
        <Stack gap={2}>
          <Anchor href={`/api/imports/error-files/${encodeURIComponent(result.errorFile)}`} download>
            {t('imports.errorFile')}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('imports.errorFileHint')}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * "Undo this import" (issue 26 §4, ADR 0049): for 7 days the rows an import created and nobody uses
 * yet can be removed again; the server's answer says how many went and how many stay in use.
 */
function UndoImport({ batchId }: { batchId: number }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  if (outcome?.ok)
    return (
      <Alert color="green" data-testid="import-undone">
        {outcome.message}
      </Alert>
    );
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
          {t('imports.undo')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('imports.undoHint')}
        </Text>
      </Group>
      {outcome ? (
        <Alert color="red" role="alert">
          {outcome.message}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('imports.undoTitle')}
        message={t('imports.undoMessage')}
        cancelLabel={t('imports.undoCancel')}
        confirmLabel={t('imports.undo')}
        confirmColor="red"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            const r = await api.post<TImportUndoResult>(`/api/imports/batches/${batchId}/undo`);
            setOutcome({ ok: true, message: r.message });
          } catch (e) {
            setOutcome({ ok: false, message: (e as Error).message });
          } finally {
            setBusy(false);
            setConfirming(false);
          }
        }}
      />
    </Stack>
  );
}

/** The kind's imports of the last 7 days that can still be undone (issue 26 §4): none, nothing shown. */
function RecentImports({ kind }: { kind: string }) {
  const { t } = useTranslation();
  const batches = useQuery({
    queryKey: ['import-batches', kind],
    queryFn: ({ signal }) =>
      api.get<{ data: TImportBatch[] }>(`/api/imports/batches?kind=${encodeURIComponent(kind)}`, { signal }),
    staleTime: 0,
    retry: false,
  });
  const open = (batches.data?.data ?? []).filter((b) => b.undoneAt === null);
  if (open.length === 0) return null;
  return (
    <Stack gap={6} data-testid="recent-imports">
      <Text size="sm" fw={600}>
        {t('imports.recent')}
      </Text>
      {open.slice(0, 5).map((b) => (
        <Stack key={b.id} gap={2}>
          <Text size="sm">
            {t('imports.recentLine', {
              when: formatDateTime(b.createdAt, null),
              who: b.createdByName ?? '',
              count: b.rowCount,
            })}
          </Text>
          <UndoImport batchId={b.id} />
        </Stack>
      ))}
    </Stack>
  );
}

/** Thousands separators for counts (a number, not a date: issue 24 §2 keeps toLocaleString for dates out). */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{COUNT_FORMAT.format(value)}</Text>
    </Stack>
  );
}
