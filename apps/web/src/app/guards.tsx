import type { TAppRoutePath } from '@sv/contracts';
import { Image, Loader, Stack, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { can, useCanOpen } from '../lib/can';
import { useSession } from '../lib/session';
import { paths } from '../lib/paths';
import type { TitleKey } from './routes';

/**
 * The splash screen (spec 000 §2 "Visitor and volunteer layouts with a splash screen and spinner";
 * issue 25, audit 000 row 3.3): the product's logo and name over a spinner, full page. index.html
 * shows the same picture in plain HTML until the app mounts; this is what the layouts show while
 * they load (the session, a lazily loaded shell or screen, the public registration form).
 */
export function Splash(props: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Stack
      h="100vh"
      align="center"
      justify="center"
      gap="md"
      role="status"
      aria-busy="true"
      aria-label={props.label ?? t('shell.loading')}
      data-testid="splash"
    >
      <Image src="/favicon.svg" alt="" w={64} h={64} />
      <Text fw={700} size="xl">
        {t('product')}
      </Text>
      <Loader />
    </Stack>
  );
}

/** The full-page loader of the layouts is the splash screen. */
export const FullPageLoader = Splash;

/** Requires a signed-in user of the audience; otherwise to the right sign-in page (spec 000 §8). */
export function RequireAuth({ audience, children }: { audience: 'staff' | 'kiosk'; children: ReactNode }) {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <FullPageLoader />;
  if (!data) {
    const back = location.pathname + location.search;
    const login = audience === 'kiosk' ? paths.kioskLogin : paths.login;
    return <Navigate to={back === '/' ? login : `${login}?returnUrl=${encodeURIComponent(back)}`} replace />;
  }
  const isKiosk = can(data.user, 'kiosk.use');
  // Kiosk accounts reach kiosk functions only (issue 2 §3).
  if (audience === 'staff' && isKiosk) return <Navigate to={paths.kiosk()} replace />;
  // A non-kiosk user (an Admin in the spec, 000 §6) opening a kiosk route goes to the kiosk sign-in.
  if (audience === 'kiosk' && !isKiosk) return <Navigate to={`${paths.kioskLogin}?notKiosk=1`} replace />;
  return <>{children}</>;
}

/** A route the user's role may not open (its permission in ROUTE_PERMISSIONS) shows the dashboard instead. */
export function RouteGuard({ path, children }: { path: TAppRoutePath; children: ReactNode }) {
  if (!useCanOpen(path)) return <Navigate to={paths.home} replace />;
  return <>{children}</>;
}

/** Page title: the product name plus the title of the current route (spec 000 §1). */
export function RouteTitle({ title }: { title: TitleKey }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('product')} - ${t(`titles.${title}`)}`;
  }, [t, title]);
  return null;
}
