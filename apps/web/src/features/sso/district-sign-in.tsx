import { ZSsoDiscoverRequest } from '@sv/contracts';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell } from '../../components/form/form-shell';
import { applyServerErrors, useContractForm } from '../../components/form/use-contract-form';
import { ssoStartUrl, useDiscoverDistrict } from './sso-api';
import './i18n.en';

/** What the sign-in page says after a district sign-in came back without a session (issue 30 §1). */
export function DistrictSignInError({ error }: { error: string | null }) {
  const { t } = useTranslation();
  if (error !== 'sso' && error !== 'sso-pending') return null;
  return (
    <Alert color={error === 'sso' ? 'red' : 'yellow'} variant="light" role="alert">
      {t(error === 'sso' ? 'sso.failed' : 'sso.pending')}
    </Alert>
  );
}

/**
 * "Sign in with your district" (issue 30 §1): the work e-mail's domain finds the district whose
 * verified domain it is, and the browser goes to that district's provider.
 */
export function DistrictSignIn() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const discover = useDiscoverDistrict();
  const form = useContractForm(ZSsoDiscoverRequest, { initialValues: { email: '' } });
  if (!open) {
    return (
      <Button
        variant="default"
        fullWidth
        leftSection={<IconBuildingBank size={16} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {t('sso.withDistrict')}
      </Button>
    );
  }
  return (
    <FormShell
      aria-label={t('sso.withDistrict')}
      saving={discover.isPending}
      error={error}
      onSubmit={form.onSubmit(async (values) => {
        setError(null);
        try {
          const found = await discover.mutateAsync(values.email);
          if (!found.district) return setError(t('sso.noProvider'));
          window.location.assign(ssoStartUrl(found.district.key));
        } catch (err) {
          setError(applyServerErrors(form, err));
        }
      })}
    >
      <Stack gap="xs">
        <TextInput
          label={t('sso.workEmail')}
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps('email')}
        />
        <Button
          type="submit"
          fullWidth
          loading={discover.isPending}
          leftSection={<IconBuildingBank size={16} aria-hidden />}
        >
          {t('sso.continue')}
        </Button>
      </Stack>
    </FormShell>
  );
}
