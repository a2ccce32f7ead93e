import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useKioskLogout } from '../auth/auth-api';
import '../kiosk/i18n.en';

/**
 * "Kiosk log out" asks for the kiosk account's password (issue 25, audit 002 U4: one tap by anyone
 * in the lobby took the kiosk out of service). The server checks it and throttles wrong guesses
 * like a sign-in; a wrong one says so here and the kiosk stays signed in. Loaded after the kiosk
 * has rendered (the kiosk's initial JavaScript budget, issue 5).
 */
export function KioskLogoutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useKioskLogout();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!password) {
      setError(t('shell.kioskLogoutPasswordRequired'));
      return;
    }
    logout.mutate(password, {
      onSuccess: (r) => navigate(r.redirectTo, { replace: true }),
      onError: (err) => {
        setPassword('');
        if (err instanceof ApiError && err.status === 401) navigate(paths.kioskLogin, { replace: true });
        else if (err instanceof ApiError && err.status === 429) setError(t('shell.kioskLogoutLocked'));
        else if (err instanceof ApiError && err.status === 400) setError(t('shell.kioskLogoutWrong'));
        else setError(t('shell.kioskLogoutFailed'));
      },
    });
  };
  return (
    <Modal opened={opened} onClose={close} title={t('shell.kioskLogout')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text>{t('shell.kioskLogoutHint')}</Text>
          <PasswordInput
            label={t('auth.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
            autoComplete="off"
            data-autofocus
            data-testid="kiosk-logout-password"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('kiosk.back')}
            </Button>
            <Button type="submit" color="red" loading={logout.isPending}>
              {t('shell.kioskLogoutConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
