import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/can';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { backgroundSettingsQuery } from '../clients/clients-api';
import './i18n.en';

/**
 * What must be said beside a background check (issue 23 §2), as the server words it:
 * "Demo provider: no real check was made", or that background checks are not configured for the
 * district. Shown on the registration and SafeVendor lists and their edit pages.
 */
export function BackgroundCheckNote({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    // red 9 keeps ≥ 4.5:1 on white and on the table's striped rows (axe color-contrast; orange 9 fails)
    <Text size="xs" c="red.9" fw={600} data-testid="bg-check-note">
      <IconAlertTriangle size={12} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {note}
    </Text>
  );
}

/**
 * Issue 23 §2: the registrations screens say plainly when the district's background checks are
 * not configured (checks wait in the queue) or only run by the demo provider. Shown to the
 * district's administrators, who can change it (the link opens Background Settings).
 */
export function DistrictChecksNotice() {
  const { t } = useTranslation();
  const me = useUser();
  const canSee = useCan('backgroundSettings.manage') && me.clientId !== null;
  const settings = useQuery({ ...backgroundSettingsQuery(me.clientId ?? 0), enabled: canSee });
  const provider = settings.data?.provider;
  if (!canSee || me.clientId === null || (provider !== 'none' && provider !== 'demo')) return null;
  return (
    <Alert color="yellow" variant="light" data-testid="district-checks-notice" icon={<IconAlertTriangle size={18} />}>
      <Text size="sm">{t(provider === 'none' ? 'registrations.checksNotConfigured' : 'registrations.checksDemo')}</Text>
      <Anchor component={Link} to={paths.clientBgSettings(me.clientId)} size="sm">
        {t('registrations.openBackgroundSettings')}
      </Anchor>
    </Alert>
  );
}
