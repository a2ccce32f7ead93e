import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { KioskAutoReturn } from './kiosk-auto-return';
import { resetKioskLanguage } from './kiosk-language';
import './i18n.en';

/**
 * Why the visitor is here (navigation state, never personal data): a health answer, a sign-in the
 * office must look at (the screening's result is never shown in the lobby), or a request kept on
 * the kiosk while the server is unreachable.
 */
export type ProblemState = { kind: 'health' | 'screening' | 'queued' | 'offline' };

/**
 * The spec is silent on how long the problem screen stays: long enough to read (at least 20 s,
 * WCAG 2.2.1; the visitor can also stop the countdown), then the next visitor.
 */
export const PROBLEM_SCREEN_MS = 30_000;

const BODY: Record<ProblemState['kind'], string> = {
  health: 'kiosk.problem.healthBody',
  screening: 'kiosk.problem.body',
  queued: 'kiosk.thankYou.queued',
  offline: 'kiosk.loadFailed',
};

/**
 * /safe/kioskproblem (spec 002 §2, §8 "Kiosk background validation failure"): the same calm words
 * whatever the reason (a flagged person learns nothing from the lobby screen), telling the visitor
 * to see the front office, which already has a pending card.
 */
export default function KioskProblemPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as ProblemState | null;
  const back = () => {
    resetKioskLanguage();
    navigate(paths.kiosk(), { replace: true });
  };
  return (
    <Stack align="center" justify="center" mih="60vh" gap="lg" ta="center" data-testid="kiosk-problem">
      <ThemeIcon size={120} radius={60} color="blue" variant="light" aria-hidden>
        <IconInfoCircle size={84} />
      </ThemeIcon>
      <Title order={1} fz={48}>
        {t('kiosk.problem.title')}
      </Title>
      <Text fz={30} maw={820} lh={1.35} data-kind={state?.kind ?? 'screening'}>
        {t(BODY[state?.kind ?? 'screening'])}
      </Text>
      <KioskAutoReturn ms={PROBLEM_SCREEN_MS} onReturn={back} ownBackButton />
      <Button size="xl" h={80} fz={24} variant="default" onClick={back} mt="md">
        {t('kiosk.problem.startOver')}
      </Button>
    </Stack>
  );
}
