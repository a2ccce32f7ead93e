import { Anchor, Divider, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROLE } from '@sv/contracts';
import { paths } from '../../lib/paths';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { useAuthProviders } from './providers-api';

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeReturnUrl(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const providers = useAuthProviders();
  return (
    <AuthLayout title={t('auth.heading')} subtitle={t('auth.subheading')}>
      <LoginForm
        onSignedIn={(s) => {
          if (s.user.roleId === ROLE.Kiosk) return navigate(paths.kiosk(), { replace: true });
          navigate(safeReturnUrl(params.get('returnUrl')) ?? s.user.homepage ?? paths.home, { replace: true });
        }}
      />
      {providers.data?.microsoft ? (
        <>
          <Divider label={t('auth.or')} labelPosition="center" />
          <Button component="a" href="/api/auth/microsoft/start" variant="default" fullWidth>
            {t('auth.signInWithMicrosoft')}
          </Button>
        </>
      ) : null}
      <Group justify="center">
        <Anchor component={Link} to={paths.forgotPassword} size="sm">
          {t('auth.forgot')}
        </Anchor>
      </Group>
    </AuthLayout>
  );
}
