import { Menu, Stack, Text } from '@mantine/core';
import { IconHome, IconLogout } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../lib/session';
import { PlaceLines } from './place-lines';

export interface AccountMenuProps {
  /** the header's account button (avatar, name, role) */
  trigger: ReactElement;
  homepage: string;
  onSignOut: () => void;
  /** open at once: the account button was pressed before this module had loaded */
  defaultOpened?: boolean;
}

/**
 * The header's account menu: who is signed in, the district and building, the homepage and Log
 * out. Its code (Mantine's Menu and the floating-ui positioning under it) is not in the front
 * desk's initial JavaScript (issue 24 §6): the shell loads it once it has rendered.
 */
export function AccountMenu({ trigger, homepage, onSignOut, defaultOpened }: AccountMenuProps) {
  const { t } = useTranslation();
  const user = useUser();
  const place = [user.clientName, user.buildingName].filter(Boolean).join(' · ');
  return (
    <Menu position="bottom-end" withinPortal width={260} defaultOpened={defaultOpened}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Stack gap={2} px="sm" py={6}>
          <Text size="sm" fw={600}>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
          <Text size="xs" c="dimmed">
            {user.roleName}
          </Text>
        </Stack>
        {place ? (
          <>
            <Menu.Divider />
            <PlaceLines clientName={user.clientName} buildingName={user.buildingName} />
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Item component={Link} to={homepage} leftSection={<IconHome size={16} aria-hidden />}>
          {t('shell.homepage')}
        </Menu.Item>
        <Menu.Item onClick={onSignOut} leftSection={<IconLogout size={16} aria-hidden />}>
          {t('auth.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
