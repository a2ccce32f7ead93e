import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Image,
  List,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { CONSTANTS, MESSAGES, type TRegistrationListItem } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgePrintDialog } from '../../components/badge-print-dialog';
import { paths } from '../../lib/paths';
import { formatCalendarDate, formatDateTime, parseUsDate, todayIso } from '../../lib/time/format';
import { maskUsDate, US_DATE_PLACEHOLDER } from '../../lib/time/fields';
import { useDisplayTimeZone } from '../../lib/time/use-time-zone';
import {
  approvalDefaultQuery,
  buildingsQuery,
  errorMessage,
  informationQuery,
  type RegistrationKind,
  uploadRegistrationPhoto,
  useApprove,
  usePrintBadge,
  useSetBuildings,
  useSetPhoto,
} from './registrations-api';
import { api } from '../../lib/api-client';
import './i18n.en';
import { notify } from '../../lib/notify';
import { ConfirmDialog } from '../../components/confirm';
import { SHOWS_ERROR } from '../../lib/query-client';

const closeProps = (label: string) => ({ 'aria-label': label });
export const personName = (r: { firstname: string; lastname: string }) => `${r.firstname} ${r.lastname}`.trim();

/** A yes/no confirmation with the spec 001 §8 text verbatim; Deny and Make Pending can also mark the registration under review (§7). */
export function RegistrationConfirmDialog(props: {
  message: string | null;
  withUnderReview?: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (underReview: boolean) => void;
}) {
  const { t } = useTranslation();
  const [underReview, setUnderReview] = useState(false);
  useEffect(() => {
    if (props.message === null) setUnderReview(false);
  }, [props.message]);
  return (
    <ConfirmDialog
      opened={props.message !== null}
      title={t('registrations.confirm.title')}
      message={props.message}
      cancelLabel={t('registrations.confirm.no')}
      confirmLabel={t('registrations.confirm.yes')}
      focusConfirm
      busy={props.busy}
      onCancel={props.onCancel}
      onConfirm={() => props.onConfirm(underReview)}
    >
      {props.withUnderReview ? (
        <Checkbox
          label={t('registrations.confirm.underReview')}
          checked={underReview}
          onChange={(e) => setUnderReview(e.currentTarget.checked)}
        />
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * Approve one or all (spec 001 §2 modals; §7 Approve: ids, expDate, doPrint, doPrintOrEmail,
 * underReview; §9: mm/dd/yyyy, single approval pre-filled with the type's default computed by
 * the server, approve-all one year; under review: no date).
 */
export function ApproveDialog(props: {
  rows: { id: number; firstname: string; lastname: string }[] | null;
  /** approve-all: pending rows only, and the one-year default */
  all: boolean;
  onClose: () => void;
  /** SafeVendor (ADR 0014): the same dialog without "under review"; printing records the badge as printed */
  kind?: RegistrationKind;
}) {
  const { t } = useTranslation();
  const kind = props.kind ?? 'volunteer';
  const rows = props.rows ?? [];
  const first = rows[0];
  const defaults = useQuery({ ...approvalDefaultQuery(first?.id ?? 0, kind), enabled: Boolean(first) });
  const approve = useApprove(kind);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [underReview, setUnderReview] = useState(false);
  const [doPrint, setDoPrint] = useState(false);
  const [doEmail, setDoEmail] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // SafeVendor's own words: a company has no registration type, and the person is a vendor
  // (issue 25, audit 001 U6); counts say one or many (U7)
  const vendor = kind === 'vendor';
  const say = {
    titleAll: (count: number) =>
      t(vendor ? 'safeVendor.approve.titleAll' : 'registrations.approve.titleAll', { count }),
    expDateHint: t(vendor ? 'safeVendor.approve.expDateHint' : 'registrations.approve.expDateHint'),
    printOrEmail: t(vendor ? 'safeVendor.approve.printOrEmail' : 'registrations.approve.printOrEmail'),
    approved: t(vendor ? 'safeVendor.approve.approved' : 'registrations.done.approve'),
    approvedMany: (count: number) =>
      t(vendor ? 'safeVendor.approve.approvedMany' : 'registrations.done.approveMany', { count }),
    approveNone: t(vendor ? 'safeVendor.approve.approveNone' : 'registrations.done.approveNone'),
    emailed: (count: number) => t(vendor ? 'safeVendor.approve.emailed' : 'registrations.done.emailed', { count }),
  };

  const suggested = defaults.data ? (props.all ? defaults.data.approveAllExpDate : defaults.data.expDate) : null;
  useEffect(() => {
    if (!props.rows) {
      setText('');
      setTouched(false);
      setUnderReview(false);
      setDoPrint(false);
      setDoEmail(false);
      setError(null);
    }
  }, [props.rows]);
  useEffect(() => {
    if (!touched && suggested) setText(formatCalendarDate(suggested) ?? '');
  }, [suggested, touched]);

  const iso = text.length === 10 ? parseUsDate(text) : null;
  const dateProblem = !underReview && (iso === null || iso < (defaults.data?.today ?? todayIso()));

  const submit = async () => {
    if (dateProblem) return;
    setError(null);
    try {
      const res = await approve.mutateAsync({
        ids: rows.map((r) => r.id),
        expDate: underReview ? null : iso,
        underReview,
        doPrint,
        doPrintOrEmail: doEmail,
      });
      if (res.approvedIds.length === 0) notify.error(say.approveNone);
      else if (rows.length === 1) notify.success(say.approved);
      else notify.success(say.approvedMany(res.approvedIds.length));
      if (doEmail && res.emailed > 0) notify.success(say.emailed(res.emailed));
      if (doPrint && res.approvedIds.length > 0) {
        if (kind === 'vendor') {
          // spec 001 §3 generated: the SafeVendor badge counts as printed when its window opens
          await api.post('/api/sv-registrations/print', { ids: res.approvedIds });
          window.open(paths.svBadgeWindow(res.approvedIds), '_blank');
        } else window.open(paths.registrationBadgeWindow(res.approvedIds), '_blank');
      }
      props.onClose();
    } catch (err) {
      setError(errorMessage(err));
      notify.error(errorMessage(err));
    }
  };

  const title = props.all
    ? say.titleAll(rows.length)
    : first
      ? t('registrations.approve.title', { name: personName(first) })
      : '';
  return (
    <Modal
      opened={props.rows !== null}
      onClose={props.onClose}
      title={title}
      centered
      closeButtonProps={closeProps(t('common.close'))}
    >
      <Stack gap="sm">
        {error ? (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={t('registrations.approve.expDate')}
          description={props.all ? t('registrations.approve.expDateHintAll') : say.expDateHint}
          placeholder={US_DATE_PLACEHOLDER}
          inputMode="numeric"
          autoComplete="off"
          disabled={underReview}
          value={underReview ? '' : text}
          onChange={(e) => {
            setTouched(true);
            setText(maskUsDate(e.currentTarget.value));
          }}
          error={touched && dateProblem ? t('registrations.approve.expDateInvalid') : undefined}
          rightSection={defaults.isFetching ? <Loader size="xs" /> : null}
          data-testid="approve-exp-date"
        />
        {kind === 'volunteer' ? (
          <Checkbox
            label={t('registrations.approve.underReview')}
            checked={underReview}
            onChange={(e) => setUnderReview(e.currentTarget.checked)}
          />
        ) : null}
        <Checkbox
          label={t('registrations.approve.print')}
          checked={doPrint}
          onChange={(e) => setDoPrint(e.currentTarget.checked)}
        />
        <Checkbox label={say.printOrEmail} checked={doEmail} onChange={(e) => setDoEmail(e.currentTarget.checked)} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={props.onClose}>
            {t('registrations.approve.cancel')}
          </Button>
          <Button
            onClick={() => {
              setTouched(true);
              void submit();
            }}
            loading={approve.isPending}
            disabled={defaults.isPending}
            data-testid="approve-submit"
          >
            {t('registrations.approve.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Buildings per registration (spec 001 §2; §7 GetBuildingList / SetBuildingList). */
export function BuildingsDialog(props: { row: TRegistrationListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const id = props.row?.id ?? 0;
  const options = useQuery({ ...buildingsQuery(id), enabled: props.row !== null });
  const save = useSetBuildings();
  const [chosen, setChosen] = useState<number[] | null>(null);
  useEffect(() => {
    if (props.row === null) setChosen(null);
  }, [props.row]);
  const selected = chosen ?? options.data?.buildingIds ?? [];
  const toggle = (b: number, on: boolean) =>
    setChosen((prev) => {
      const cur = prev ?? options.data?.buildingIds ?? [];
      return on ? [...new Set([...cur, b])] : cur.filter((x) => x !== b);
    });
  const submit = async () => {
    try {
      await save.mutateAsync({ id, buildingIds: selected });
      notify.success(t('registrations.done.buildings'));
      props.onClose();
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };
  return (
    <Modal
      opened={props.row !== null}
      onClose={props.onClose}
      title={props.row ? t('registrations.buildings.title', { name: personName(props.row) }) : ''}
      centered
      closeButtonProps={closeProps(t('common.close'))}
    >
      <Stack gap="sm">
        <Text size="sm">{t('registrations.buildings.intro')}</Text>
        {options.isPending ? <Loader size="sm" /> : null}
        {options.data?.buildings.map((b) => (
          <Checkbox
            key={b.id}
            label={b.active ? b.name : `${b.name} ${t('registrations.buildings.inactive')}`}
            checked={selected.includes(b.id)}
            onChange={(e) => toggle(b.id, e.currentTarget.checked)}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('registrations.buildings.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending} disabled={!options.data}>
            {t('registrations.buildings.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Print (spec 001 §2: when approved; issue 11 "Printing"): the badge PDF in the print window, or the
 * badge as ZPL to a building's label printer (an active building of the registration's district).
 */
export function PrintDialog(props: { row: TRegistrationListItem | null; onClose: () => void }) {
  const id = props.row?.id ?? 0;
  const options = useQuery({ ...buildingsQuery(id), enabled: props.row !== null });
  const print = usePrintBadge();
  const openWindow = () => {
    window.open(paths.registrationBadgeWindow([id]), '_blank');
    props.onClose();
  };
  const send = async (buildingId: number) => {
    try {
      const res = await print.mutateAsync({ id, buildingId });
      if (res.printed) notify.success(res.message);
      else notify.error(res.message);
      props.onClose();
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };
  return (
    <BadgePrintDialog
      opened={props.row !== null}
      onClose={props.onClose}
      textKey="registrations.print"
      name={props.row ? personName(props.row) : ''}
      buildings={(options.data?.buildings ?? []).filter((b) => b.active)}
      buildingsLoading={options.isFetching}
      onOpenWindow={openWindow}
      onSendToPrinter={send}
      sending={print.isPending}
    />
  );
}

/**
 * Upload Photo (spec 001 §5: a file over 10485760 bytes is refused with an error flag and the
 * photo cleared; §8: other failures alert 'Upload failed', only when the size message is not shown).
 */
export function PhotoDialog(props: { row: TRegistrationListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [busy, setBusy] = useState(false);
  const setPhoto = useSetPhoto();
  useEffect(() => {
    if (props.row === null) {
      setFile(null);
      setTooLarge(false);
    }
  }, [props.row]);
  const choose = (f: File | null) => {
    if (f && f.size > CONSTANTS.photoMaxBytes) {
      setTooLarge(true);
      setFile(null);
      return;
    }
    setTooLarge(false);
    setFile(f);
  };
  const submit = async () => {
    if (!props.row || !file) return;
    setBusy(true);
    try {
      const photoFileId = await uploadRegistrationPhoto(file, props.row.clientId);
      await setPhoto.mutateAsync({ id: props.row.id, photoFileId });
      notify.success(t('registrations.done.uploadPhoto'));
      props.onClose();
    } catch {
      setFile(null);
      notify.error(MESSAGES.uploadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={props.row !== null}
      onClose={props.onClose}
      title={props.row ? t('registrations.photo.title', { name: personName(props.row) }) : ''}
      centered
      closeButtonProps={closeProps(t('common.close'))}
    >
      <Stack gap="sm">
        <FileInput
          label={t('registrations.photo.file')}
          accept="image/jpeg,image/png,image/webp"
          value={file}
          onChange={choose}
          error={tooLarge ? t('registrations.photo.tooLarge') : undefined}
          clearable
          data-testid="photo-file"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('registrations.photo.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={!file}>
            {t('registrations.photo.upload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Registration information (spec 001 §2: disclosure, authorization, additional form detail; SigDetails). */
export function InformationDialog(props: { id: number | null; onClose: () => void; kind?: RegistrationKind }) {
  const { t } = useTranslation();
  const timeZone = useDisplayTimeZone();
  const kind = props.kind ?? 'volunteer';
  const info = useQuery({ meta: SHOWS_ERROR, ...informationQuery(props.id ?? 0, kind), enabled: props.id !== null });
  useEffect(() => {
    // spec 001 §8 "Failure to load an entity … closes the modal"
    if (info.isError) {
      notify.error(errorMessage(info.error));
      props.onClose();
    }
  }, [info.isError, info.error, props.onClose]);
  const d = info.data;
  return (
    <Modal
      opened={props.id !== null}
      onClose={props.onClose}
      title={t('registrations.info.title')}
      size="lg"
      centered
      closeButtonProps={closeProps(t('common.close'))}
    >
      {!d ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="sm">
          <Title order={3} size="h4">
            {d.name} — {d.registrationType}
          </Title>
          <Text size="sm">
            {t('registrations.info.submitted')}: {formatDateTime(d.submittedAt, timeZone)} ·{' '}
            {t('registrations.info.source')}: {t(`registrations.info.sources.${d.source}`)}
          </Text>
          {d.signature ? (
            <>
              <Title order={4} size="h5">
                {t('registrations.info.disclosure')}
              </Title>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {d.disclosureText}
              </Text>
              <Title order={4} size="h5">
                {t('registrations.info.authorization')}
              </Title>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {d.authorizationText}
              </Text>
              <Title order={4} size="h5">
                {t('registrations.info.signature')}
              </Title>
              {d.signature.kind === 'drawn' ? (
                <Image src={d.signature.value} alt={t('registrations.info.drawnSignature')} maw={320} />
              ) : (
                <Text fs="italic">{d.signature.value}</Text>
              )}
              <Text size="sm" c="dimmed">
                {t('registrations.info.signedAt', {
                  when: formatDateTime(d.signature.signedAt, timeZone),
                  ip: d.signature.ip,
                })}
              </Text>
            </>
          ) : (
            <Alert variant="light" color="gray">
              {t('registrations.info.noSignature')}
            </Alert>
          )}
          {kind === 'vendor' ? null : (
            <Title order={4} size="h5">
              {t('registrations.info.answers')}
            </Title>
          )}
          {kind === 'vendor' ? null : d.answers.length ? (
            <List size="sm">
              {d.answers.map((a) => (
                <List.Item key={a.name}>
                  <b>{a.name}:</b> {a.value}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              {t('registrations.info.noAnswers')}
            </Text>
          )}
          <Group justify="flex-end">
            {kind === 'vendor' ? (
              // spec 001 §2 SafeVendor information: "disclosure and authorization sections with download"
              <Button component="a" variant="default" href={paths.svInformation(d.id)} download>
                {t('registrations.info.download')}
              </Button>
            ) : null}
            <Button onClick={props.onClose}>{t('registrations.info.close')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
