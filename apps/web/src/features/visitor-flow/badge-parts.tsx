import { Alert, Avatar, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { type TBuildingRow, type TVisitSummary } from '@sv/contracts';
import { successScreenDelayMs } from '@sv/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { formatOptionalDateTime } from '../../lib/time/format';
import { printModeFor, printVisitBadge } from '../printing/print-badge';
import { badgePdfPath, buildingQuery, deskSettingsQuery, fileUrl } from './visitor-flow-api';
import './i18n.en';
import { notify } from '../../lib/notify';

/** The badge as the desk sees it: who, whom they visit, why, when, and the badge code. */
export function BadgeCard(props: { visit: TVisitSummary; timeZone: string | null }) {
  const { t } = useTranslation();
  const v = props.visit;
  const rows: [string, string][] = [
    [t('visitorFlow.badge.visiting'), v.personVisiting || '—'],
    [t('visitorFlow.badge.reason'), v.reason || '—'],
    [t('visitorFlow.badge.building'), v.buildingName],
    [t('visitorFlow.badge.checkedIn'), formatOptionalDateTime(v.checkIn, props.timeZone)],
  ];
  if (v.badge?.expiresAt)
    rows.push([t('visitorFlow.badge.expires'), formatOptionalDateTime(v.badge.expiresAt, props.timeZone)]);
  if (v.checkedInByName) rows.push([t('visitorFlow.badge.attendant'), v.checkedInByName]);
  return (
    <Paper withBorder radius="md" p="md" data-testid="badge-card">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Avatar
          src={v.photoFileId ? fileUrl(v.photoFileId) : null}
          alt={t('visitorFlow.badge.photoAlt', { name: v.visitorName })}
          size={96}
          radius="sm"
        />
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={800} size="xl" lh={1.2} style={{ overflowWrap: 'anywhere' }}>
              {v.visitorName}
            </Text>
            <Badge variant="light" size="lg">
              {t(`visitorFlow.checkIn.types.${v.visitorType}`, { defaultValue: v.visitorType })}
            </Badge>
          </Group>
          {v.badge ? (
            <Text size="sm" ff="monospace" data-testid="badge-code">
              {t('visitorFlow.badge.code')} {v.badge.code}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={4}>
            {rows.map(([label, value]) => (
              <Text size="sm" key={label}>
                <Text span c="dimmed" size="sm">
                  {label}:{' '}
                </Text>
                {value}
              </Text>
            ))}
          </SimpleGrid>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * Printing a badge again (spec 002 §4 Badge printing; issue 23 §7): the building's way (its
 * server-side printer, the desk's Browser Print, or the print window /Badge/print/{id}).
 * A printer failure offers the PDF.
 */
export function ReprintButton(props: {
  visit: TVisitSummary;
  building: TBuildingRow | undefined;
  label?: string;
  onPrinted?: () => void;
  /** the badge did not print on the way here: offer the PDF at once (audit 002 B6) */
  offerPdf?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const mode = props.building ? printModeFor(props.building, props.visit.visitorType) : 'pdf';
  const openPdf = () => {
    const w = window.open(badgePdfPath(props.visit.id), '_blank');
    if (w) notify.success(t('visitorFlow.badge.pdfOpened'));
    else notify.warning(t('visitorFlow.badge.popupBlocked'));
  };
  const print = async () => {
    props.onPrinted?.();
    setFailure(null);
    setBusy(true);
    try {
      // a failed printer shows its reason and the PDF button (a click, which pop-up blockers allow)
      const res = await printVisitBadge(props.visit.id, mode, t, { fallbackToWindow: false });
      if (res.ok) notify.success(res.message);
      else setFailure(res.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Group gap="sm">
        <Button
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={() => void print()}
          loading={busy}
          disabled={!props.building}
          variant="default"
          size="lg"
        >
          {props.label ?? t('visitorFlow.badge.reprint')}
        </Button>
        {failure || props.offerPdf ? (
          <Button variant="light" size="lg" onClick={openPdf}>
            {t('visitorFlow.badge.printPdf')}
          </Button>
        ) : null}
      </Group>
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * Success screens go home after the client's successScreenDelay seconds when above 0
 * (spec 002 §2, §9), with a visible countdown; `paused` stops it (the attendant is reprinting).
 */
export function useReturnHome(clientId: number | null, paused: boolean) {
  const navigate = useNavigate();
  const settings = useQuery({ ...deskSettingsQuery(clientId ?? 0), enabled: clientId !== null });
  const delayMs = settings.data ? successScreenDelayMs(settings.data.desk.successScreenDelay) : null;
  const [remaining, setRemaining] = useState<number | null>(null);

  useEffect(() => {
    if (delayMs === null || paused) {
      setRemaining(null);
      return;
    }
    const end = Date.now() + delayMs;
    setRemaining(Math.ceil(delayMs / 1000));
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setRemaining(left);
      if (end - Date.now() <= 0) {
        window.clearInterval(timer);
        navigate(paths.home);
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [delayMs, paused, navigate]);

  return { remaining, configured: delayMs !== null };
}

export function ReturnHomeBar(props: { remaining: number | null; paused: boolean; configured: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Group gap="md" wrap="wrap">
      <Button size="lg" onClick={() => navigate(paths.home)} data-autofocus>
        {t('visitorFlow.done')}
      </Button>
      {props.remaining !== null ? (
        <Text size="sm" c="dimmed" role="timer" data-testid="countdown">
          {t('visitorFlow.countdown', { count: props.remaining })}
        </Text>
      ) : props.paused && props.configured ? (
        <Text size="sm" c="dimmed">
          {t('visitorFlow.countdownStopped')}
        </Text>
      ) : null}
    </Group>
  );
}

/** The desk user's client, or the building's for admins. */
export function useFlowClientId(building: TBuildingRow | undefined): number | null {
  const user = useUser();
  return building?.clientId ?? user.clientId ?? null;
}

export const useBuilding = (id: number | null | undefined) =>
  useQuery({ ...buildingQuery(id ?? 0), enabled: Boolean(id) });
