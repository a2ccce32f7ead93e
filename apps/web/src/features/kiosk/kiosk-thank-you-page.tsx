import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { CONSTANTS } from '@sv/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { KioskAutoReturn } from './kiosk-auto-return';
import { resetKioskLanguage } from './kiosk-language';
import './i18n.en';

/** What the thank-you screen says (navigation state: a kind, never personal data). */
export type ThankYouState = { kind: 'checkedIn' | 'checkedInNoBadge' | 'arrival' | 'checkedOut' | 'queuedCheckOut' };

const MESSAGE: Record<ThankYouState['kind'], string> = {
  checkedIn: 'kiosk.thankYou.checkedIn',
  checkedInNoBadge: 'kiosk.thankYou.checkedInNoBadge',
  arrival: 'kiosk.thankYou.arrival',
  checkedOut: 'kiosk.thankYou.checkedOut',
  queuedCheckOut: 'kiosk.thankYou.queuedCheckOut',
};

/**
 * /safe/kioskthankyou (spec 002 §2, §9): back to the kiosk after 2000 ms, in English for the next
 * visitor. Opened without a state (a reload), it thanks without claiming anything happened. The
 * visitor can stop the return and read at their pace (issue 29 §3, WCAG 2.2.1: the spec's 2000 ms
 * is kept, with the countdown and "Stay on this screen").
 */
export default function KioskThankYouPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useLocation().state as ThankYouState | null;
  const back = () => {
    resetKioskLanguage();
    navigate(paths.kiosk(), { replace: true });
  };
  const key = state?.kind ? MESSAGE[state.kind] : null;
  return (
    <Stack align="center" justify="center" mih="60vh" gap="lg" ta="center" data-testid="kiosk-thank-you">
      <ThemeIcon size={120} radius={60} color="teal" variant="light" aria-hidden>
        <IconCircleCheck size={84} />
      </ThemeIcon>
      <Title order={1} fz={52}>
        {t('kiosk.thankYou.title')}
      </Title>
      {key ? (
        <Text fz={30} maw={820} lh={1.35} data-kind={state?.kind}>
          {t(key)}
        </Text>
      ) : null}
      <KioskAutoReturn ms={CONSTANTS.kioskThankYouMs} onReturn={back} />
    </Stack>
  );
}
