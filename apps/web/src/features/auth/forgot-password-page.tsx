import { Alert, Anchor, Button, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { AuthLayout } from './auth-layout';

/** Known and unknown e-mails get the same answer (security guide: no account enumeration). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const send = useMutation({
    mutationFn: () => api.post('/api/auth/password-emails', { email }, { noRedirect: true }),
  });
  return (
    <AuthLayout title={t('titles.forgotPassword')}>
      {send.isSuccess ? <Alert color="green">{t('auth.resetSent')}</Alert> : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate();
        }}
      >
        <fieldset disabled={send.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
          <TextInput
            label={t('auth.email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            mb="md"
          />
          <Button type="submit" fullWidth loading={send.isPending}>
            {t('auth.sendReset')}
          </Button>
        </fieldset>
      </form>
      <Anchor component={Link} to={paths.login} size="sm">
        {t('auth.backToSignIn')}
      </Anchor>
    </AuthLayout>
  );
}
