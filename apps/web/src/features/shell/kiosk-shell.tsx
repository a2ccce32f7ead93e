import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { deferred } from '../../components/deferred';
import { useUser } from '../../lib/session';
import { useDistrictWording } from '../../lib/i18n/district-wording';
import { visitorLanguageOf } from '../../lib/i18n/languages';
import { useKioskConnection } from '../kiosk/kiosk-api';
import { LanguageSwitch } from '../kiosk/kiosk-language';
import classes from './shell.module.css';
import { SkipLink } from './skip-link';
import '../kiosk/i18n.en';

const KioskLogoutDialog = deferred(() => import('./kiosk-logout-dialog').then((m) => m.KioskLogoutDialog));

/**
 * Kiosk layout (spec 002 §2 Kiosk screens): full screen, no staff navigation; a slim header
 * names the building (so staff can tell which kiosk this is) and offers the kiosk log-out
 * (spec 000 §2: to /safe/kiosk/login). The staff idle logout does not apply here. The English/Español
 * switch and the connection notice are on every kiosk screen (issue 14).
 */
/** issue 14 "Offline": say so plainly, and how many requests wait on this kiosk (counts only). */
function ConnectionNotice() {
  const { t } = useTranslation();
  const c = useKioskConnection();
  if (!c.offline && c.waiting === 0) return null;
  return (
    <Alert color="orange" radius={0} role="status" data-testid="kiosk-offline" styles={{ message: { fontSize: 20 } }}>
      <strong>{c.syncing && c.waiting > 0 ? t('kiosk.offline.sending') : t('kiosk.offline.banner')}</strong>{' '}
      {c.waiting > 0 ? t('kiosk.offline.waiting', { count: c.waiting }) : null}
    </Alert>
  );
}

/** The kiosk log-out button; its password dialog (kiosk-logout-dialog.tsx) loads after first paint. */
function KioskLogout() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="xs"
        onClick={() => setOpen(true)}
        leftSection={<IconLogout size={14} aria-hidden />}
      >
        {t('shell.kioskLogout')}
      </Button>
      <KioskLogoutDialog opened={open} onClose={() => setOpen(false)} />
    </>
  );
}

export default function KioskShell() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  // the district's own wording of the kiosk in the visitor's language (issue 29 §1)
  useDistrictWording(user.clientId, visitorLanguageOf(i18n.language));
  return (
    <Box mih="100vh" className={classes.main} style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {/* on a phone the language switch and log-out wrap under the building name, which must stay readable */}
        <Group mih={64} py={6} px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 180px' }}>
            <img src="/favicon.svg" alt="" width={36} height={36} />
            <Box miw={0}>
              <Text fw={700} size="lg" lh={1.2} lineClamp={2} data-testid="kiosk-building-name">
                {user.buildingName ?? t('product')}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} truncate>
                {[user.clientName, t('shell.kioskLabel')].filter(Boolean).join(' · ')}
              </Text>
            </Box>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0, marginLeft: 'auto' }}>
            <LanguageSwitch />
            <KioskLogout />
          </Group>
        </Group>
      </Box>
      <ConnectionNotice />
      <Box component="main" id="main-content" tabIndex={-1} p={{ base: 'md', sm: 'xl' }} style={{ flex: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
