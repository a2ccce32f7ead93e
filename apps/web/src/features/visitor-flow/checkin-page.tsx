import {
  Alert,
  Avatar,
  Button,
  Center,
  Group,
  Image,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCamera, IconCheck } from '@tabler/icons-react';
import type { TBuildingRow, TCheckInResponse, TPreRegistration, TVisitor } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { FormShell } from '../../components/form/form-shell';
import { useContractForm } from '../../components/form/use-contract-form';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useBuilding } from './badge-parts';
import { DeskBuildingSelect, useDeskBuilding } from './desk-building';
import {
  type DeskType,
  type FlowState,
  flowPaths,
  flowState,
  fullName,
  cardDefaults,
  CHECK_IN_FORM,
  checkInValues,
  lastVisitDefaults,
  listedReasonId,
  routeId,
} from './flow';
import { formatCalendarDate } from '../../lib/time/format';
import { DeskHostPicker } from '../visitor-passes/host-picker';
import { type PhotoChoice, PhotoModal } from './photo-modal';
import { usePrintAfterCheckIn } from './print-after-check-in';
import {
  fileUrl,
  reasonKind,
  uploadVisitorPhoto,
  useCheckIn,
  usePreRegistrationCard,
  visitorQuery,
  visitReasonsQuery,
} from './visitor-flow-api';
import './i18n.en';
import { SHOWS_ERROR } from '../../lib/query-client';

/** spec 002 §5: a photo is required unless the building's attendant setting for the type is off. */
export const photoRequired = (b: TBuildingRow, type: DeskType) =>
  type === 'volunteer' ? b.requireAttendantVolunteerPhotoCheckIn : b.requireAttendantVisitorPhotoCheckIn;

/**
 * Check-in (spec 002 §2 /visitor/checkin/{visitorId}, §4 photo modal and badge printing, §7
 * POST /Visit/CheckIn). Reached from the allow/deny screen only: opened directly, it sends the
 * visitor through screening first so nobody is admitted unscreened.
 */
export default function CheckInPage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const visitorId = routeId(params.visitorId);
  const nav = flowState(location.state);
  const visitor = useQuery({ meta: SHOWS_ERROR, ...visitorQuery(visitorId ?? 0), enabled: visitorId !== null });
  // a pre-registered visitor's check-in starts from the card (issue 22)
  const preReg = usePreRegistrationCard(nav.screened?.buildingId ?? nav.buildingId ?? null, nav.preRegId);
  if (visitorId === null) return <Navigate to={paths.home} replace />;
  if (!nav.screened || nav.screened.visitorId !== visitorId) {
    return (
      <Navigate
        to={flowPaths.background('visitor', visitorId, nav.preRegId)}
        replace
        state={{ buildingId: nav.buildingId }}
      />
    );
  }
  if (visitor.isError) {
    return (
      <Alert color="red" role="alert">
        {t('visitorFlow.loadFailed')}
      </Alert>
    );
  }
  if (!visitor.data || preReg.loading) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return <CheckInForm visitor={visitor.data} nav={nav} card={preReg.card} />;
}

function CheckInForm({ visitor, nav, card }: { visitor: TVisitor; nav: FlowState; card: TPreRegistration | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const desk = useDeskBuilding({ initial: nav.screened?.buildingId ?? nav.buildingId, clientId: visitor.clientId });
  const buildingId = desk.buildingId;
  const building = useBuilding(buildingId);
  const checkIn = useCheckIn();
  const printAfterCheckIn = usePrintAfterCheckIn();
  const name = fullName(visitor);
  // a pre-registered visitor starts from the card (issue 22), a returning visitor from what they
  // came for last time (issue 10 §9)
  const defaults = card ? cardDefaults(card) : lastVisitDefaults(visitor);

  // a registration badge checks its holder in as a volunteer, a SafeVendor badge as a vendor
  // (spec 002 §4 registration or SafeVendor types; the server holds a vendor badge to 'vendor')
  const form = useContractForm(CHECK_IN_FORM, {
    initialValues: checkInValues(
      defaults,
      nav.registration ? (nav.registration.vendor ? 'vendor' : 'volunteer') : defaults.type,
    ),
  });
  const type = form.values.visitorType;
  const reasonId = form.values.visitReasonId === null ? null : String(form.values.visitReasonId);
  const reasonText = form.values.reason;
  const [photo, setPhoto] = useState<PhotoChoice>(null);
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  // 'submit': opened by the Check In button, so saving the photo carries on with the check-in
  const [photoOpen, setPhotoOpen] = useState<false | 'take' | 'submit'>(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const uploaded = useRef<{ blob: Blob; fileId: string } | null>(null);

  const reasons = useQuery({ ...visitReasonsQuery(buildingId ?? 0, reasonKind(type)), enabled: buildingId !== null });
  // the card's reason is the listed reason of that name when there is one
  const cardReasonId = card && type === defaults.type ? listedReasonId(reasons.data, card.reason) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the card's listed reason is found
  useEffect(() => {
    if (cardReasonId && form.getValues().visitReasonId === null)
      form.setFieldValue('visitReasonId', Number(cardReasonId));
  }, [cardReasonId]);
  const required = building.data ? photoRequired(building.data, type) : true;
  const reasonData = (reasons.data ?? []).map((r) => ({ value: String(r.id), label: r.label }));
  const screenedHere = nav.screened?.buildingId === buildingId;

  useEffect(() => {
    if (photo?.kind !== 'new') {
      setPhotoUrl(null);
      return;
    }
    const url = URL.createObjectURL(photo.blob);
    setPhotoUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const complete = async (choice: PhotoChoice) => {
    if (!buildingId || !building.data) return;
    setError(null);
    setBusy(true);
    try {
      let photoFileId: string | null = null;
      if (choice?.kind === 'original') photoFileId = choice.fileId;
      if (choice?.kind === 'new') {
        if (uploaded.current?.blob !== choice.blob) {
          uploaded.current = { blob: choice.blob, fileId: await uploadVisitorPhoto(visitor.id, choice.blob) };
        }
        photoFileId = uploaded.current.fileId;
      }
      const values = form.getValues();
      const selected = reasons.data?.find((r) => r.id === values.visitReasonId);
      // a changed submission is a new request with a new key; the same one again reuses it (issue 23 §4)
      const res: TCheckInResponse = await checkIn.mutateAsync({
        // the screening made on the Allow / Deny Entry screen (issue 10 §1)
        screeningId: nav.screened?.screeningId ?? '',
        visitorId: visitor.id,
        buildingId,
        visitorType: values.visitorType,
        visitReasonId: selected?.id ?? null,
        reason: selected?.label ?? values.reason.trim(),
        personVisiting: values.personVisiting.trim(),
        // issue 28 §1: the host picked (told on arrival); null for a name typed by hand
        hostId: values.hostId,
        allowedMinutes: values.allowedMinutes,
        photoFileId,
        preRegistrationId: nav.preRegId ?? null,
        // registered check-in: the server re-checks that the registration admits here today
        registrationId: nav.registration?.id ?? null,
      });
      setPhotoOpen(false);
      const print = await printAfterCheckIn(res);
      const state: FlowState = { buildingId, print: print ?? undefined };
      navigate(flowPaths.checkedIn('visit', res.visit.id), { state });
    } catch (err) {
      setPhotoOpen(false);
      setError(err instanceof ApiError ? err.message : t('visitorFlow.photo.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  // the contract's findings show beside their fields; nothing is sent until they are fixed
  const submit = form.onSubmit(() => {
    if (!buildingId || !building.data) return setError(t('visitorFlow.buildingNeeded'));
    if (required && !photo) return setPhotoOpen('submit');
    void complete(photo);
  });

  const openVisit = visitor.openVisit;
  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('visitorFlow.checkIn.title')}
        </Title>
        <DeskBuildingSelect desk={desk} disabled={busy} />
      </Group>
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={visitor.photoFileId ? fileUrl(visitor.photoFileId) : null}
            alt={t('visitorFlow.photo.originalAlt', { name })}
            size={56}
            radius="sm"
          />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="xl" lh={1.2} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="sm" c="dimmed">
              {visitor.dob ? t('visitorFlow.screen.visitorDob', { dob: formatCalendarDate(visitor.dob) }) : ''}
            </Text>
            {nav.registration ? (
              <Text size="sm" fw={600} c="teal.9" data-testid="registered-entry">
                {t('visitorFlow.checkIn.registered', { type: nav.registration.type })}
              </Text>
            ) : null}
          </div>
        </Group>
      </Paper>
      {!screenedHere && buildingId ? (
        <Alert color="orange" variant="light">
          {t('visitorFlow.checkIn.needsScreening')}{' '}
          <Link to={flowPaths.background('visitor', visitor.id, nav.preRegId)} state={{ buildingId }}>
            {t('visitorFlow.screen.title')}
          </Link>
        </Alert>
      ) : null}
      {openVisit ? (
        <Alert color="blue" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('visitorFlow.checkIn.alreadyIn', { name, building: openVisit.buildingName })}</Text>
            <Group gap="xs">
              <Button size="xs" component={Link} to={flowPaths.badge(visitor.id)} variant="default">
                {t('visitorFlow.checkIn.viewBadge')}
              </Button>
              <Button size="xs" component={Link} to={flowPaths.checkOut(visitor.id)} variant="default">
                {t('visitorFlow.checkIn.checkOutFirst')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <FormShell onSubmit={submit} saving={busy} error={error} aria-label={t('visitorFlow.checkIn.title')}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <div>
              <Text size="sm" fw={500} mb={4} id="visitor-type-label">
                {t('visitorFlow.checkIn.type')}
              </Text>
              <SegmentedControl
                aria-labelledby="visitor-type-label"
                value={type}
                onChange={(v) => form.setValues({ visitorType: v as DeskType, visitReasonId: null })}
                data={(['visitor', 'volunteer', 'vendor'] as const).map((v) => ({
                  value: v,
                  label: t(`visitorFlow.checkIn.types.${v}`),
                }))}
                fullWidth
                size="md"
              />
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {reasonData.length || reasons.isPending ? (
                <Select
                  label={t('visitorFlow.checkIn.reason')}
                  placeholder={reasons.isPending ? t('common.loading') : t('visitorFlow.checkIn.reasonPick')}
                  disabled={reasons.isPending}
                  data={reasonData}
                  value={reasonId}
                  onChange={(v) => form.setFieldValue('visitReasonId', v === null ? null : Number(v))}
                  error={form.errors.visitReasonId}
                  description={
                    !reasonId && reasonText.trim()
                      ? t('visitorFlow.checkIn.reasonFromCard', { reason: reasonText.trim() })
                      : undefined
                  }
                  searchable
                  clearable
                />
              ) : (
                <TextInput label={t('visitorFlow.checkIn.reason')} maxLength={200} {...form.getInputProps('reason')} />
              )}
              <DeskHostPicker
                label={t('visitorFlow.checkIn.personVisiting')}
                maxLength={200}
                value={form.values.personVisiting}
                hostId={form.values.hostId}
                buildingId={buildingId}
                clientId={visitor.clientId}
                error={form.errors.personVisiting ?? form.errors.hostId}
                onChange={({ visiting, hostId }) => form.setValues({ personVisiting: visiting, hostId })}
              />
              <NumberInput
                label={t('visitorFlow.checkIn.duration')}
                description={t('visitorFlow.checkIn.durationHint')}
                value={form.values.allowedMinutes ?? ''}
                onChange={(v) => form.setFieldValue('allowedMinutes', typeof v === 'number' ? v : null)}
                error={form.errors.allowedMinutes}
                min={1}
                max={24 * 60}
                allowDecimal={false}
                allowNegative={false}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              {photoUrl ? (
                <Image src={photoUrl} alt={t('visitorFlow.photo.capturedAlt', { name })} w={72} h={72} radius="sm" />
              ) : (
                <Center w={72} h={72} bg="var(--mantine-color-gray-1)" style={{ borderRadius: 4 }}>
                  <IconCamera size={28} aria-hidden color="var(--mantine-color-gray-6)" />
                </Center>
              )}
              <div>
                <Text fw={600}>{t('visitorFlow.checkIn.photo')}</Text>
                <Text size="sm" c={photo ? 'green.8' : 'dimmed'}>
                  {photo
                    ? photo.kind === 'new'
                      ? t('visitorFlow.checkIn.photoTaken')
                      : t('visitorFlow.photo.useOriginal')
                    : required
                      ? t('visitorFlow.checkIn.photoRequired')
                      : t('visitorFlow.checkIn.photoOptional')}
                </Text>
              </div>
            </Group>
            <Button
              variant="default"
              leftSection={<IconCamera size={16} aria-hidden />}
              onClick={() => setPhotoOpen('take')}
            >
              {t('visitorFlow.checkIn.takePhoto')}
            </Button>
          </Group>
        </Paper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(paths.home)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            size="lg"
            color="teal.9"
            leftSection={<IconCheck size={20} aria-hidden />}
            loading={busy}
            disabled={!building.data || Boolean(openVisit) || !screenedHere}
          >
            {error ? t('visitorFlow.checkIn.retry') : t('visitorFlow.checkIn.submit')}
          </Button>
        </Group>
      </FormShell>
      <PhotoModal
        opened={photoOpen !== false}
        required={required}
        name={name}
        originalFileId={visitor.photoFileId}
        saving={busy}
        onCancel={() => setPhotoOpen(false)}
        onSave={(choice) => {
          setPhoto(choice);
          if (photoOpen === 'submit') void complete(choice);
          else setPhotoOpen(false);
        }}
      />
    </Stack>
  );
}
