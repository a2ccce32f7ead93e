import { AppShell, Burger, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { useUser } from '../../lib/session';
import { useLogout } from '../auth/auth-api';
import { NavMenu } from './nav-menu';

/**
 * The staff shell (spec 000 §2 Shell): navigation from the user's links; header with the
 * emergency button, user name, client name, homepage and (with a building) building name.
 */
export default function DeskShell() {
  const { t } = useTranslation();
  const user = useUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const [opened, { toggle, close }] = useDisclosure();
  const [, setAction] = useState<string | null>(null);

  const doLogout = () =>
    logout.mutate(undefined, {
      onSuccess: (r) => navigate(r.redirectTo, { replace: true }),
      // spec 000 §2: if logout fails the user is sent to the external sign-out
      onError: () => navigate('/Account/MicrosoftSignOut', { replace: true }),
    });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('shell.openMenu')} />
            <UnstyledButton component={Link} to={user.homepage || '/'} aria-label={t('shell.homepage')}>
              <Group gap={8} wrap="nowrap">
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text fw={700} c="blue.8" visibleFrom="xs">
                  {t('product')}
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={t('shell.userMenu')}>
                  <Text size="sm" fw={600} lh={1.2} data-testid="header-user-name">
                    {user.name}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.2} data-testid="header-client-name">
                    {[user.clientName, user.buildingName].filter(Boolean).join(' · ') || user.roleName}
                  </Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to={user.homepage || '/'}>
                  {t('shell.homepage')}
                </Menu.Item>
                <Menu.Item onClick={doLogout}>{t('auth.logout')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button variant="subtle" size="xs" onClick={doLogout} visibleFrom="sm">
              {t('auth.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AppShell.Section grow>
          <NavMenu links={user.links} onAction={setAction} onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" bg="var(--mantine-color-gray-0)">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
