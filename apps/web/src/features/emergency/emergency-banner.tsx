import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/can';
import { useUser } from '../../lib/session';
import { formatTime } from '../../lib/time/format';
import { useActiveStates, useEmergencyPush } from './emergency-api';
import './i18n.en';

/**
 * Issue 27 §1: while a state is active, every desk and dashboard page of the building says so —
 * the kind, drill or real, when and who started it — within a second (the building's push).
 */
export function EmergencyStateBanner() {
  const user = useUser();
  const staff = useCan('emergencyStates.history');
  if (!staff) return null;
  return <Banner buildingId={user.buildingId} timeZone={user.buildingTimeZone} />;
}

function Banner({ buildingId, timeZone }: { buildingId: number | null; timeZone: string | null }) {
  const { t } = useTranslation();
  useEmergencyPush(buildingId);
  const { data } = useActiveStates();
  const states = data?.states ?? [];
  if (states.length === 0) return null;
  return (
    <>
      {states.map((s) => (
        <Alert
          key={s.id}
          color={s.drill ? 'orange' : 'red'}
          variant="filled"
          mb="md"
          role="alert"
          data-testid="emergency-banner"
          icon={<IconAlertTriangle aria-hidden />}
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={700}>
              {t(s.drill ? 'emergencyStates.bannerDrill' : 'emergencyStates.bannerReal', {
                kind: t(`emergencyStates.kind.${s.kind}`).toUpperCase(),
                buildings: s.buildings.map((b) => b.name).join(', '),
                time: formatTime(s.startedAt, timeZone ?? undefined),
                name: s.startedBy.name,
              })}
            </Text>
            <Group gap="md">
              <Anchor
                component={Link}
                to={`/emergency/roster?state=${s.id}`}
                c="white"
                fw={700}
                underline="always"
                data-testid="emergency-banner-roster"
              >
                {t('emergencyRoster.open')}
              </Anchor>
              <Anchor component={Link} to="/emergency" c="white" fw={700} underline="always">
                {t('emergencyStates.open')}
              </Anchor>
            </Group>
          </Group>
        </Alert>
      ))}
    </>
  );
}
