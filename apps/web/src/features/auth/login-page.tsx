import { Alert, Anchor, Button, Divider, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { useAuthProviders } from './providers-api';
import { can } from '../../lib/can';
import { DistrictSignIn, DistrictSignInError } from '../sso/district-sign-in';

/**
 * Pages the server renders in their own window (badges, exports, sample and error files: spec
 * 000 §2, 001 §2): after sign-in they need a full page load, not an in-app navigation.
 */
const SERVER_WINDOW =
  /^\/(badge\/|exclusion\/exclusion|building\/building|user\/user(export|errorfile|sampleimport)|registration\/(export|info|errorfile|registrationsenderrorfile|sampleimport)|svregistration\/(export|info)|visit\/|generateandprint\/|data\/visitor\/)/i;
export const isServerWindow = (path: string) => SERVER_WINDOW.test(path);

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeReturnUrl(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const providers = useAuthProviders();
  return (
    <AuthLayout title={t('auth.heading')} subtitle={t('auth.subheading')}>
      {params.get('error') === 'microsoft' ? (
        <Alert color="red" variant="light" role="alert">
          {t('auth.microsoftFailed')}
        </Alert>
      ) : null}
      <DistrictSignInError error={params.get('error')} />
      <LoginForm
        onSignedIn={(s) => {
          if (can(s.user, 'kiosk.use')) return navigate(paths.kiosk(), { replace: true });
          const back = safeReturnUrl(params.get('returnUrl'));
          if (back && isServerWindow(back)) return window.location.assign(back);
          navigate(back ?? s.user.homepage ?? paths.home, { replace: true });
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
      {/* issue 30 §1: the district's own provider, found from the work e-mail's domain */}
      {providers.data?.microsoft ? null : <Divider label={t('auth.or')} labelPosition="center" />}
      <DistrictSignIn />
      <Group justify="center">
        <Anchor component={Link} to={paths.forgotPassword} size="sm">
          {t('auth.forgot')}
        </Anchor>
      </Group>
    </AuthLayout>
  );
}
