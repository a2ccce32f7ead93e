import { ZLoginRequest } from '@sv/contracts';
import { Button, PasswordInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageIn } from '../../lib/i18n/server-messages';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { useLogin } from './auth-api';
import type { TSessionResponse } from '@sv/contracts';

/** Email + password form shared by the staff and kiosk sign-in pages. */
export function LoginForm({
  onSignedIn,
  kiosk = false,
}: {
  onSignedIn: (s: TSessionResponse) => void;
  /** the kiosk sign-in: the server admits kiosk accounts only (issue 14) */
  kiosk?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(ZLoginRequest, { initialValues: { email: '', password: '' } });
  return (
    <FormShell
      aria-label={t('auth.signIn')}
      saving={login.isPending}
      error={error}
      onSubmit={form.onSubmit((values) => {
        setError(null);
        login.mutate(kiosk ? { ...values, kiosk: true } : values, {
          onSuccess: onSignedIn,
          onError: (err) => {
            const message = applyServerErrors(form, err);
            // the kiosk sign-in shows the kiosk's language (issue 25, audit 002 U5)
            setError(kiosk && message ? serverMessageIn(i18n.language, message, t('auth.kioskSignInFailed')) : message);
          },
        });
      })}
    >
      <TextInput
        label={t('auth.email')}
        type="email"
        autoComplete="username"
        required
        autoFocus
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label={t('auth.password')}
        autoComplete="current-password"
        required
        {...form.getInputProps('password')}
      />
      <Button type="submit" fullWidth loading={login.isPending} mt="xs">
        {t('auth.signIn')}
      </Button>
    </FormShell>
  );
}
