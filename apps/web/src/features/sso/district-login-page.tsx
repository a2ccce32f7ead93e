import { Alert, Button, Divider, Group, Anchor } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { can } from '../../lib/can';
import { paths } from '../../lib/paths';
import { AuthLayout } from '../auth/auth-layout';
import { LoginForm } from '../auth/login-form';
import { DistrictSignInError } from './district-sign-in';
import { ssoStartUrl, useSsoDistrict } from './sso-api';
import './i18n.en';

/**
 * A district's sign-in link, /login/<slug-or-id> (issue 30 §1): the district's provider first; the
 * password form stays below for the break-glass administrator (and districts not requiring SSO).
 */
export default function DistrictLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = useParams().district ?? '';
  const district = useSsoDistrict(key);
  const name = district.data?.name ?? '';
  return (
    <AuthLayout
      title={district.data ? t('sso.districtSignIn', { name }) : t('auth.heading')}
      subtitle={t('sso.districtIntro')}
    >
      <DistrictSignInError error={params.get('error')} />
      {district.isError ? (
        <Alert color="yellow" variant="light" role="alert">
          {t('sso.unknownDistrict')}
        </Alert>
      ) : null}
      {district.data ? (
        <Button
          component="a"
          href={ssoStartUrl(district.data.key)}
          fullWidth
          leftSection={<IconBuildingBank size={18} aria-hidden />}
        >
          {t('sso.signInAt', { name })}
        </Button>
      ) : null}
      <Divider label={t('sso.orPassword')} labelPosition="center" />
      <LoginForm
        onSignedIn={(s) => {
          if (can(s.user, 'kiosk.use')) return navigate(paths.kiosk(), { replace: true });
          navigate(s.user.homepage ?? paths.home, { replace: true });
        }}
      />
      <Group justify="center">
        <Anchor component={Link} to={paths.forgotPassword} size="sm">
          {t('auth.forgot')}
        </Anchor>
      </Group>
    </AuthLayout>
  );
}
