import { Alert, Anchor, Button, PasswordInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { AuthLayout } from './auth-layout';

/**
 * Activation and reset links land here: /Account/SetPassword#token=… The token travels in the
 * URL fragment so it is never sent to a server log or a Referer header (security guide).
 */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => api.post('/api/auth/password', { token, password }, { noRedirect: true }),
    onError: (err) => setError(err instanceof ApiError ? err.message : t('common.somethingWrong')),
  });
  if (save.isSuccess) {
    return (
      <AuthLayout title={t('titles.setPassword')}>
        <Alert color="green">{t('auth.setPasswordDone')}</Alert>
        <Anchor component={Link} to={paths.login}>
          {t('auth.backToSignIn')}
        </Anchor>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('titles.setPassword')} subtitle={t('auth.passwordHint')}>
      {!token ? <Alert color="red">{t('auth.linkInvalid')}</Alert> : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          if (password !== confirm) return setError(t('auth.passwordsDiffer'));
          save.mutate();
        }}
      >
        <fieldset disabled={save.isPending || !token} style={{ border: 0, padding: 0, margin: 0 }}>
          <PasswordInput
            label={t('auth.newPassword')}
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            mb="sm"
          />
          <PasswordInput
            label={t('auth.confirmPassword')}
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            mb="md"
          />
          <Button type="submit" fullWidth loading={save.isPending}>
            {t('common.save')}
          </Button>
        </fieldset>
      </form>
    </AuthLayout>
  );
}
