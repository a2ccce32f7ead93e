import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ReturnHomeBar, useFlowClientId, useReturnHome } from './badge-parts';
import { flowState } from './flow';
import './i18n.en';

/**
 * Checked-out success (spec 002 §2 /visitor/out/): back home after the client's success-screen
 * delay when above 0, with a countdown and a Done button. The name, when shown, comes from
 * navigation state only.
 */
export default function CheckedOutPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const nav = flowState(location.state);
  const clientId = useFlowClientId(undefined);
  const countdown = useReturnHome(clientId, false);
  return (
    <Stack gap="lg" maw={760}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="blue" size={44} radius="xl" aria-hidden>
          <IconLogout size={26} />
        </ThemeIcon>
        <div>
          <Title order={1} size="h2">
            {t('visitorFlow.out.title')}
          </Title>
          <Text size="lg" role="status">
            {nav.name ? t('visitorFlow.out.success', { name: nav.name }) : t('visitorFlow.out.successAnon')}
          </Text>
        </div>
      </Group>
      <ReturnHomeBar remaining={countdown.remaining} paused={false} configured={countdown.configured} />
    </Stack>
  );
}
