import { AppShell, Avatar, Box, Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuilding, IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { deferred } from '../../components/deferred';
import { useCan } from '../../lib/can';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { EmergencyStateBanner } from '../emergency/emergency-banner';
import { EmergencyButton } from './emergency-button';
import { IMPERSONATION_BANNER_HEIGHT, ImpersonationBanner } from './impersonation-banner';
import { LazyAccountMenu } from './lazy-account-menu';
import { OfflineBanner } from './offline-banner';
import { PlaceLines } from './place-lines';
import { DemoDataBanner } from './demo-data-banner';
import { NavMenu } from './nav-menu';
import { useSignOut } from './shell-api';
import classes from './shell.module.css';
import { SkipLink } from './skip-link';
import { useIdleLogout } from './use-idle-logout';
import { VisitorSearchBox } from './visitor-search-box';

// The shell's modals open on a user action or after hours idle: their code loads once the shell
// has rendered (issue 5 web targets).
const HelpModal = deferred(() => import('./help-modal').then((m) => m.HelpModal));
const IdleWarningModal = deferred(() => import('./idle-warning-modal').then((m) => m.IdleWarningModal));
const ImpersonationModal = deferred(() => import('./impersonation-modal').then((m) => m.ImpersonationModal));
const SettingsModal = deferred(() => import('./settings-modal').then((m) => m.SettingsModal));

const HEADER_HEIGHT = 60;

type ShellModal = 'impersonate' | 'help' | 'settings';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/**
 * The staff shell (spec 000 §2 Shell): navigation from the user's links; a header with the
 * emergency button, user name, client name, homepage and (with a building) building name; the
 * impersonation banner; the idle-timeout, impersonation, system-settings and help modals.
 *
 * Header by width (spec breakpoints 768 / 992 / 1200): below 768 the menu is a drawer and the
 * user's details sit in the account menu; from 768 the product name, district, building and
 * user's name show (truncated to fit); from 1200 a separate Log out button.
 */
export default function DeskShell() {
  const { t } = useTranslation();
  const user = useUser();
  const { signOut } = useSignOut();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure();
  const [modal, setModal] = useState<ShellModal | null>(null);
  const canImpersonate = useCan('impersonation.start');
  const canSettings = useCan('systemSettings.manage');
  const idle = useIdleLogout({ onTimeout: signOut });

  const onAction = (action: string) => {
    closeNav();
    if (action === 'impersonate' && canImpersonate) setModal('impersonate');
    else if (action === 'settings' && canSettings) setModal('settings');
    else if (action === 'help') setModal('help');
  };
  const closeModal = () => setModal(null);

  const homepage = user.homepage || paths.home;
  const place = [user.clientName, user.buildingName].filter(Boolean).join(' · ');
  const bannerHeight = user.impersonatedBy ? IMPERSONATION_BANNER_HEIGHT : 0;

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: HEADER_HEIGHT + bannerHeight }}
        navbar={{ width: { base: 260, lg: 280 }, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding={{ base: 'sm', sm: 'md', lg: 'lg' }}
      >
        <AppShell.Header>
          <Group h={HEADER_HEIGHT} px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Burger
                opened={navOpened}
                onClick={toggleNav}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('shell.openMenu')}
                aria-expanded={navOpened}
              />
              <UnstyledButton
                component={Link}
                to={homepage}
                aria-label={t('shell.homepageOf', { product: t('product') })}
              >
                <Group gap={8} wrap="nowrap">
                  <img src="/favicon.svg" alt="" width={32} height={32} />
                  <Text fw={700} size="lg" c="blue.8" visibleFrom="sm">
                    {t('product')}
                  </Text>
                </Group>
              </UnstyledButton>
              <Box visibleFrom="md" ml="sm">
                <VisitorSearchBox w={{ md: 200, lg: 260 }} />
              </Box>
            </Group>

            <Group gap="sm" wrap="nowrap" miw={0}>
              {place ? (
                <Group
                  gap={6}
                  wrap="nowrap"
                  visibleFrom="sm"
                  miw={0}
                  maw={{ sm: 200, md: 280, lg: 380 }}
                  data-testid="header-place"
                >
                  <IconBuilding size={18} aria-hidden style={{ flexShrink: 0, color: 'var(--mantine-color-dimmed)' }} />
                  <Box miw={0}>
                    <Text size="sm" fw={600} lh={1.2} truncate data-testid="header-client-name">
                      {user.clientName}
                    </Text>
                    {user.buildingId && user.buildingName ? (
                      <Text size="xs" c="dimmed" lh={1.2} truncate data-testid="header-building-name">
                        {user.buildingName}
                      </Text>
                    ) : null}
                  </Box>
                </Group>
              ) : null}

              <EmergencyButton />

              <LazyAccountMenu
                trigger={
                  <UnstyledButton className={classes.userButton} aria-label={t('shell.userMenu', { name: user.name })}>
                    <Group gap={8} wrap="nowrap">
                      <Avatar color="blue" radius="xl" size={34} aria-hidden>
                        {initials(user.name)}
                      </Avatar>
                      <Box visibleFrom="sm" maw={180} miw={0}>
                        <Text size="sm" fw={600} lh={1.2} truncate data-testid="header-user-name">
                          {user.name}
                        </Text>
                        <Text size="xs" c="dimmed" lh={1.2} truncate>
                          {user.roleName}
                        </Text>
                      </Box>
                      <IconChevronDown size={14} aria-hidden />
                    </Group>
                  </UnstyledButton>
                }
                homepage={homepage}
                onSignOut={signOut}
              />

              <Button
                variant="default"
                size="sm"
                onClick={signOut}
                visibleFrom="lg"
                leftSection={<IconLogout size={16} aria-hidden />}
              >
                {t('auth.logout')}
              </Button>
            </Group>
          </Group>
          <ImpersonationBanner />
        </AppShell.Header>

        <AppShell.Navbar p="xs" component="div" className={navOpened ? undefined : classes.navbarClosed}>
          {place ? (
            <AppShell.Section hiddenFrom="sm" pb="xs" mb="xs" className={classes.drawerPlace}>
              <PlaceLines clientName={user.clientName} buildingName={user.buildingName} />
            </AppShell.Section>
          ) : null}
          {/* below 992 px the header has no room for it: the search heads the navigation (the drawer on phones) */}
          <AppShell.Section hiddenFrom="md" pb="xs">
            <VisitorSearchBox onSearched={closeNav} />
          </AppShell.Section>
          {/* the menu scrolls within the navigation when its open groups are taller than the window */}
          <AppShell.Section grow style={{ overflowY: 'auto', minHeight: 0 }}>
            <NavMenu links={user.links} onAction={onAction} onNavigate={closeNav} />
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
          <EmergencyStateBanner />
          <DemoDataBanner />
          <Outlet />
        </AppShell.Main>
      </AppShell>

      <OfflineBanner />
      <IdleWarningModal secondsLeft={idle.secondsLeft} onStay={idle.stayActive} />
      {canImpersonate ? <ImpersonationModal opened={modal === 'impersonate'} onClose={closeModal} /> : null}
      {canSettings ? <SettingsModal opened={modal === 'settings'} onClose={closeModal} /> : null}
      <HelpModal opened={modal === 'help'} onClose={closeModal} />
    </>
  );
}
