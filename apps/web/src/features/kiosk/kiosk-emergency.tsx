import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TEmergencyState } from '@sv/contracts';
import { useTranslation } from 'react-i18next';
import './i18n.en';

/**
 * The kiosk during an emergency state (issue 27 §1; ADR 0037): calm, kind-specific instructions in
 * the kiosk's language instead of its buttons; nothing to touch. Large type, read from a metre away.
 */
export function KioskEmergency({ state }: { state: Pick<TEmergencyState, 'kind' | 'drill'> }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xl" mt="md" data-testid="kiosk-emergency" role="alert" aria-live="assertive">
      <Title order={1} fz={40} ta="center">
        {t('kiosk.emergency.heading')}
      </Title>
      <Paper withBorder radius="lg" p="xl" maw={900} bg={state.drill ? 'orange.0' : 'red.0'}>
        <Stack gap="md">
          {state.drill ? (
            <Text fz={28} fw={700} ta="center">
              {t('kiosk.emergency.drill')}
            </Text>
          ) : null}
          <Text fz={30} ta="center" data-testid="kiosk-emergency-instructions">
            {t(`kiosk.emergency.${state.kind}`)}
          </Text>
        </Stack>
      </Paper>
      <Text fz={22} c="dimmed" ta="center" maw={800}>
        {t('kiosk.emergency.paused')}
      </Text>
    </Stack>
  );
}
