import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TKioskButtonKey, TKioskConfigResponse } from '@sv/contracts';
import { DEFAULT_HEALTH_QUESTIONS, DEFAULT_KIOSK_LABELS, healthBannerOutcome } from '@sv/domain';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { KioskEmergency } from './kiosk-emergency';
import { kioskConfigQuery, kioskEmergencyQuery, reportProblem } from './kiosk-api';
import type { ProblemState } from './kiosk-problem-page';
import './i18n.en';

const KioskFlow = lazy(() => import('./kiosk-flow'));
const KioskStudentFlow = lazy(() => import('./kiosk-student-flow'));

type Flow = 'visitor' | 'badge' | 'checkOut' | 'dropoff' | 'pickup' | 'sisPickup' | 'studentChoice';
/**
 * What each button starts (spec 002 §2, §4): the visitor flows, and the kiosk student modal
 * (Pickup or Dropoff). STUDENT PICKUP (the district's pickupBtn) follows the kiosk's SIS settings
 * (issue 25, audit 002 U2): Skyward → a pickup with the guardians read from the SIS now; General →
 * the detected phase, or a choice of the two when both are detected. The building's KIOSK STUDENT
 * CHECK IN / CHECK OUT are the drop-off and the pickup.
 */
/**
 * A health question in the visitor's language (issue 25, audit 002 U5; issue 29 §1): the district's
 * own Spanish where it wrote one; the product's translation while the district keeps the default
 * question; otherwise the district's wording as written.
 */
function healthQuestion(banner: TKioskConfigResponse['banner'], n: number, lng: string, t: TFunction): string {
  const asked = banner.questions[n] ?? '';
  if (lng.startsWith('en')) return asked;
  if (lng.startsWith('es') && banner.questionsEs[n]) return banner.questionsEs[n];
  if (asked === DEFAULT_HEALTH_QUESTIONS[n]) return t(`kiosk.banner.defaultQuestion${n + 1}`);
  return asked;
}

function flowOf(key: TKioskButtonKey, config: TKioskConfigResponse): Flow {
  if (key === 'pickup') {
    const sp = config.studentPickup;
    if (sp?.mode === 'General')
      return sp.phase === 'choose' ? 'studentChoice' : sp.phase === 'Dropoff' ? 'dropoff' : 'pickup';
    return 'sisPickup';
  }
  const flows: Record<Exclude<TKioskButtonKey, 'pickup'>, Flow> = {
    visitor: 'visitor',
    checkIn: 'badge',
    checkOut: 'checkOut',
    studentCheckIn: 'dropoff',
    studentCheckOut: 'pickup',
  };
  return flows[key];
}

/**
 * /safe/kiosk/{id?} (spec 002 §2 Kiosk screens): the health banner when the district turned it on,
 * then one large button per kiosk setting ('N/A' hides one). Touch targets are at least 96 px high
 * and the text is large enough to read from a metre away. There is no link to staff screens.
 */
export default function KioskMainPage() {
  const { t } = useTranslation();
  const config = useQuery(kioskConfigQuery());
  // issue 27 §1: during an emergency state the kiosk shows calm instructions, not its buttons
  const emergency = useQuery(kioskEmergencyQuery());
  const active = emergency.data?.states[0];
  if (active) return <KioskEmergency state={active} />;
  if (config.isPending)
    return (
      <Center h="60vh" role="status" aria-label={t('kiosk.loading')}>
        <Loader size="xl" />
      </Center>
    );
  if (!config.data)
    return (
      <Stack align="center" mt="xl" gap="lg">
        <Alert color="red" variant="light" role="alert" maw={640} styles={{ message: { fontSize: 22 } }}>
          {t('kiosk.loadFailed')}
        </Alert>
        <Button size="xl" onClick={() => void config.refetch()}>
          {t('kiosk.retry')}
        </Button>
      </Stack>
    );
  return <KioskHome config={config.data} />;
}

function KioskHome({ config }: { config: TKioskConfigResponse }) {
  // the screens a sign-in ends on are loaded now: they must show even when the connection drops
  useEffect(() => {
    void import('./kiosk-flow');
    void import('./kiosk-thank-you-page');
    void import('./kiosk-problem-page');
  }, []);
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // a default label is ours to translate; a label the district typed is shown as typed
  const labelOf = (b: { key: TKioskButtonKey; label: string }) =>
    i18n.language !== 'en' && b.label === DEFAULT_KIOSK_LABELS[b.key] ? t(`kiosk.labels.${b.key}`) : b.label;
  const [answers, setAnswers] = useState<boolean[]>([]);
  const [flow, setFlow] = useState<Flow | null>(null);
  const bannerDone = !config.banner.enabled || healthBannerOutcome(answers) === 'dismiss';

  const answer = (yes: boolean) => {
    const next = [...answers, yes];
    if (healthBannerOutcome(next) === 'problem') {
      // spec 002 §4 Health banner: any Yes → the problem screen, and the office is told
      reportProblem().catch(() => undefined);
      const state: ProblemState = { kind: 'health' };
      navigate(paths.kioskProblem, { state });
      return;
    }
    setAnswers(next);
  };

  if (!bannerDone) {
    const n = answers.length;
    return (
      <Stack align="center" gap="xl" mt="lg">
        <Title order={1} ta="center" fz={40}>
          {t('kiosk.banner.title')}
        </Title>
        <Paper withBorder radius="lg" p="xl" maw={820} w="100%">
          <Stack gap="xl">
            <Text c="dimmed" fz={20}>
              {t('kiosk.banner.question', { n: n + 1, count: config.banner.questions.length })}
            </Text>
            <Text fz={28} fw={600} lh={1.35} data-testid="kiosk-banner-question">
              {/* issue 25 (audit 002 U5): the question in the visitor's language when there is one */}
              {healthQuestion(config.banner, n, i18n.language, t)}
            </Text>
            <Group grow gap="lg">
              <Button size="xl" h={96} fz={28} color="red" variant="outline" onClick={() => answer(true)}>
                {t('kiosk.banner.yes')}
              </Button>
              <Button size="xl" h={96} fz={28} color="teal" onClick={() => answer(false)}>
                {t('kiosk.banner.no')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    );
  }

  if (flow)
    return (
      <Suspense
        fallback={
          <Center h="60vh">
            <Loader size="xl" />
          </Center>
        }
      >
        {flow === 'studentChoice' ? (
          <StudentChoice onChoose={setFlow} onCancel={() => setFlow(null)} />
        ) : flow === 'dropoff' || flow === 'pickup' || flow === 'sisPickup' ? (
          <KioskStudentFlow
            mode={flow === 'dropoff' ? 'dropoff' : 'pickup'}
            skyward={flow === 'sisPickup'}
            config={config}
            onCancel={() => setFlow(null)}
          />
        ) : (
          <KioskFlow mode={flow} config={config} onCancel={() => setFlow(null)} />
        )}
      </Suspense>
    );

  const buttons = config.buttons;
  return (
    <Stack align="center" gap="xl" mt="md">
      <Stack gap={4} align="center">
        <Title order={1} fz={44}>
          {t('kiosk.welcome')}
        </Title>
        <Text fz={24} c="dimmed">
          {t('kiosk.chooseAction')}
        </Text>
      </Stack>
      {/* a lobby tablet shows two columns; a phone-sized window one, with the label wrapping whole words */}
      <SimpleGrid cols={{ base: 1, sm: buttons.length > 2 ? 2 : 1 }} spacing="lg" w="100%" maw={900}>
        {buttons.map((b) => (
          <Button
            key={b.key}
            size="xl"
            mih={{ base: 88, sm: 120 }}
            h="auto"
            py="md"
            radius="lg"
            fz={{ base: 22, sm: 26 }}
            variant={b.key === 'checkOut' ? 'outline' : 'filled'}
            onClick={() => setFlow(flowOf(b.key, config))}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 } }}
            data-testid={`kiosk-button-${b.key}`}
          >
            {labelOf(b)}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** STUDENT PICKUP in General mode with both pickup and drop-off detected: the visitor chooses (spec 002 §4). */
function StudentChoice(props: { onChoose: (flow: Flow) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xl" mt="md" data-testid="kiosk-student-choice">
      <Title order={1} fz={40} ta="center">
        {t('kiosk.student.chooseTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" w="100%" maw={900}>
        <Button size="xl" mih={120} h="auto" radius="lg" fz={26} onClick={() => props.onChoose('pickup')}>
          {t('kiosk.student.choosePickup')}
        </Button>
        <Button size="xl" mih={120} h="auto" radius="lg" fz={26} onClick={() => props.onChoose('dropoff')}>
          {t('kiosk.student.chooseDropoff')}
        </Button>
      </SimpleGrid>
      <Button size="lg" variant="default" onClick={props.onCancel}>
        {t('kiosk.cancel')}
      </Button>
    </Stack>
  );
}
