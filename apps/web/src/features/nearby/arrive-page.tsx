import { Alert, Button, Checkbox, Container, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { TArrivalRequest, TArrivalResponse } from '@sv/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError, api } from '../../lib/api-client';
import { LanguageSwitch, setKioskLanguage } from '../kiosk/kiosk-language';
import { visitorLanguageOf } from '../../lib/i18n/languages';
import './i18n.en';

type Problem = 'denied' | 'unavailable' | 'unsupported' | null;

/** The phone's position, asked for once (spec: navigator.geolocation; the browser asks the person too). */
function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: true,
      timeout: 20_000,
      maximumAge: 0,
    }),
  );
}

/**
 * "I'm arriving" (issue 13 Nearby visitors; spec 002 §4 Nearby visitor; ADR 0017): a registered
 * volunteer or vendor opens their personal link on a phone, agrees to share their position, and
 * taps the button: the position is posted once with the token in the JSON body (nothing in the
 * URL but the token, nothing kept in browser storage). Within a school's radius the front desk's
 * dashboard lists them as nearby.
 */
export default function ArrivePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  // the phone's language first when it is one of ours (issue 29 §1), then the switch
  useEffect(() => {
    const lng = visitorLanguageOf(navigator.language);
    if (lng !== 'en') setKioskLanguage(lng);
  }, []);
  const send = useMutation({
    mutationFn: async () => {
      setProblem(null);
      if (!('geolocation' in navigator)) {
        setProblem('unsupported');
        return null;
      }
      let pos: GeolocationPosition;
      try {
        pos = await currentPosition();
      } catch (err) {
        setProblem((err as GeolocationPositionError).code === 1 ? 'denied' : 'unavailable');
        return null;
      }
      const body: TArrivalRequest = {
        token,
        latitude: pos.coords.latitude,
        longitude: pos.coords.longitude,
        accuracy: Number.isFinite(pos.coords.accuracy) ? Math.min(pos.coords.accuracy, 100_000) : undefined,
      };
      return api.post<TArrivalResponse>('/api/public/arrivals', body, { noRedirect: true });
    },
  });
  const result = send.data;
  return (
    <Container size={480} px="md" py="lg">
      <Stack gap="md" component="main">
        <LanguageSwitch />
        <Title order={1} size="h2">
          {t('arrive.title')}
        </Title>
        <Text>{t('arrive.intro')}</Text>
        <Checkbox
          size="md"
          label={t('arrive.consent')}
          checked={consent}
          onChange={(e) => setConsent(e.currentTarget.checked)}
        />
        <Button
          size="lg"
          fullWidth
          leftSection={<IconMapPin aria-hidden />}
          disabled={!consent}
          loading={send.isPending}
          onClick={() => send.mutate()}
        >
          {t('arrive.button')}
        </Button>
        {send.isPending ? <Text c="dimmed">{t('arrive.locating')}</Text> : null}
        <div aria-live="polite" data-testid="arrive-result">
          {result && result.nearby.length > 0 ? (
            <Alert color="teal" title={t('arrive.title')}>
              {t('arrive.nearby', { buildings: result.nearby.map((b) => b.buildingName).join(', ') })}
            </Alert>
          ) : null}
          {result && result.nearby.length === 0 ? <Alert color="yellow">{t('arrive.notNearby')}</Alert> : null}
          {problem ? <Alert color="red">{t(`arrive.${problem}`)}</Alert> : null}
          {send.isError ? (
            <Alert color="red">{send.error instanceof ApiError ? send.error.message : t('arrive.failed')}</Alert>
          ) : null}
        </div>
      </Stack>
    </Container>
  );
}
