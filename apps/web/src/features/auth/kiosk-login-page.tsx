import { Alert, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { AuthLayout } from './auth-layout';
import { LanguageSwitch } from '../kiosk/kiosk-language';
import { LoginForm } from './login-form';
import { can } from '../../lib/can';

/** /safe/kiosk/login (spec 002 §2): kiosks are set up with this URL. */
export default function KioskLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AuthLayout title={t('auth.kioskHeading')} subtitle={t('auth.kioskHint')}>
      {/* issue 14: the English/Español switch is on every kiosk screen */}
      <Group justify="center">
        <LanguageSwitch />
      </Group>
      {params.get('notKiosk') ? (
        <Alert color="yellow" variant="light">
          {t('auth.kioskAdminRedirect')}
        </Alert>
      ) : null}
      <LoginForm
        kiosk
        onSignedIn={(s) =>
          navigate(can(s.user, 'kiosk.use') ? paths.kiosk() : s.user.homepage || paths.home, { replace: true })
        }
      />
    </AuthLayout>
  );
}
