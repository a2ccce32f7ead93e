import { Alert, Button, Group, Image, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import type { TVisitor } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useContractForm } from '../../components/form/use-contract-form';
import { ApiError } from '../../lib/api-client';
import {
  CHECK_IN_FORM,
  cardDefaults,
  checkInValues,
  type FlowState,
  flowPaths,
  fullName,
  lastVisitDefaults,
} from './flow';
import { usePrintAfterCheckIn } from './print-after-check-in';
import { DeskHostPicker } from '../visitor-passes/host-picker';
import { fileUrl, reasonKind, useCheckIn, usePreRegistrationCard, visitReasonsQuery } from './visitor-flow-api';
import './i18n.en';

/**
 * A returning visitor whose screening is clear (issue 10 §9): the reason and person visiting come
 * prefilled from their last visit and the photo on file is shown for verification, so the
 * attendant confirms and checks in from the screening screen — scan, confirm, check in. The
 * check-in names the screening shown above it (issue 10 §1); the full check-in screen stays one
 * click away for a new photo or another type.
 */
export function QuickCheckIn(props: {
  visitor: TVisitor & { photoFileId: string };
  buildingId: number;
  screeningId: string;
  preRegId: number | null;
}) {
  // a pre-registered visitor starts from the card (issue 22), a returning one from the last visit
  const preReg = usePreRegistrationCard(props.buildingId, props.preRegId);
  if (preReg.loading) return null;
  return (
    <QuickCheckInForm
      {...props}
      defaults={preReg.card ? cardDefaults(preReg.card) : lastVisitDefaults(props.visitor)}
    />
  );
}

function QuickCheckInForm(props: {
  visitor: TVisitor & { photoFileId: string };
  buildingId: number;
  screeningId: string;
  preRegId: number | null;
  defaults: ReturnType<typeof lastVisitDefaults>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { visitor, buildingId, defaults } = props;
  const type = defaults.type;
  const reasons = useQuery(visitReasonsQuery(buildingId, reasonKind(type)));
  // the check-in form's contract (flow.ts CHECK_IN_FORM), on the fields shown here
  const form = useContractForm(CHECK_IN_FORM, { initialValues: checkInValues(defaults, type) });
  const reasonId = form.values.visitReasonId === null ? null : String(form.values.visitReasonId);
  const [error, setError] = useState<string | null>(null);
  const checkIn = useCheckIn();
  const printAfterCheckIn = usePrintAfterCheckIn();
  const reasonData = (reasons.data ?? []).map((r) => ({ value: String(r.id), label: r.label }));
  const knownReason = reasonId !== null && reasonData.some((r) => r.value === reasonId);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const selected = reasons.data?.find((r) => r.id === values.visitReasonId);
    try {
      const res = await checkIn.mutateAsync({
        screeningId: props.screeningId,
        visitorId: visitor.id,
        buildingId,
        visitorType: type,
        visitReasonId: selected?.id ?? null,
        reason: selected?.label ?? values.reason.trim(),
        personVisiting: values.personVisiting.trim(),
        hostId: values.hostId,
        photoFileId: visitor.photoFileId,
        preRegistrationId: props.preRegId,
      });
      const print = await printAfterCheckIn(res);
      const state: FlowState = { buildingId, print: print ?? undefined };
      navigate(flowPaths.checkedIn('visit', res.visit.id), { state });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.somethingWrong'));
    }
  });

  return (
    <Paper withBorder radius="md" p="md" data-testid="quick-check-in" component="section" aria-labelledby="quick-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group gap="xs">
            <IconBolt size={20} aria-hidden />
            <Title order={2} size="h4" id="quick-title">
              {t('visitorFlow.quick.title')}
            </Title>
          </Group>
          <Group align="flex-start" gap="md" wrap="nowrap">
            <Image
              src={fileUrl(visitor.photoFileId)}
              alt={t('visitorFlow.photo.originalAlt', { name: fullName(visitor) })}
              w={96}
              h={96}
              radius="sm"
              fit="cover"
            />
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm">{t('visitorFlow.quick.verifyPhoto', { name: fullName(visitor) })}</Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {reasonData.length || reasons.isPending ? (
                  <Select
                    label={t('visitorFlow.checkIn.reason')}
                    placeholder={reasons.isPending ? t('common.loading') : t('visitorFlow.checkIn.reasonPick')}
                    disabled={reasons.isPending}
                    data={reasonData}
                    value={knownReason ? reasonId : null}
                    onChange={(v) => form.setFieldValue('visitReasonId', v === null ? null : Number(v))}
                    error={form.errors.visitReasonId}
                    searchable
                    clearable
                  />
                ) : (
                  <TextInput
                    label={t('visitorFlow.checkIn.reason')}
                    maxLength={200}
                    {...form.getInputProps('reason')}
                  />
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
              </SimpleGrid>
            </Stack>
          </Group>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" size="lg" color="teal.9" loading={checkIn.isPending}>
              {t('visitorFlow.quick.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
