import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useNavigate, useRouteError } from 'react-router';
import { MESSAGES } from '@sv/contracts';
import { deferred } from '../components/deferred';
import { GlobalLoadingOverlay } from '../features/shell/loading-overlay';
import { setNavigator } from '../lib/api-client';
import { i18n } from '../lib/i18n';
import { notify } from '../lib/notify';
import { paths } from '../lib/paths';
import { FullPageLoader, RequireAuth, RouteGuard, RouteTitle } from './guards';
import { kioskRoutes, staffRoutes, type AppRoute } from './routes';

const DeskShell = lazy(() => import('../features/shell/desk-shell'));
const KioskShell = lazy(() => import('../features/shell/kiosk-shell'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const KioskLoginPage = lazy(() => import('../features/auth/kiosk-login-page'));
const DistrictLoginPage = lazy(() => import('../features/sso/district-login-page'));
const SetPasswordPage = lazy(() => import('../features/auth/set-password-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const MicrosoftSignOutPage = lazy(() => import('../features/auth/microsoft-sign-out-page'));
const Dashboard = lazy(() => import('../features/dashboard/dashboard-page'));
// issue 11: the public registration form, reached from a district's link or an invitation (no sign-in)
const PublicRegistrationPage = lazy(() => import('../features/public-registration/public-registration-page'));
// ADR 0017: a registered person's arrival page (no sign-in; phone-first)
const ArrivePage = lazy(() => import('../features/nearby/arrive-page'));
// issue 27 §3 (ADR 0050): the families' reunification pre-request page (no sign-in)
const ReunifyPublicPage = lazy(() => import('../features/reunification/public-request-page'));
// Nothing is notified before the first screen is up, so the notifications' container loads after
// it (issue 5 web targets); a notify() before then waits in the store.
const NotificationsHost = deferred(() => import('./notifications-host').then((m) => m.NotificationsHost));

/** Installs SPA navigation for the API client's redirects, the notifications and the global loading overlay. */
function Root() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => navigate(to, { replace: true })), [navigate]);
  return (
    <>
      <NotificationsHost />
      <GlobalLoadingOverlay />
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** A screen's code or styles could not load: usually a new version was deployed since the page opened. */
const isStaleBuild = (error: unknown) =>
  error instanceof Error &&
  /Failed to fetch dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    error.message,
  );
const RELOADED_KEY = 'sv.reloadedForNewVersion';

/**
 * spec 000 §2: a routing error logs 'Error routing' and returns to '/'. When the app was
 * redeployed under an open page its old chunks are gone: load the new version once instead of
 * bouncing between '/' and the error.
 */
function RoutingError() {
  const error = useRouteError();
  const reload = isStaleBuild(error) && !sessionStorage.getItem(RELOADED_KEY);
  useEffect(() => {
    console.warn(MESSAGES.errorRouting, error);
    // issue 25, audit 000 B13: the user clicked a screen and landed on Home without a word
    if (!reload) notify.error(i18n.t('common.screenFailed'));
    if (reload) {
      sessionStorage.setItem(RELOADED_KEY, '1');
      window.location.reload();
    }
  }, [error, reload]);
  useEffect(() => {
    if (!reload) sessionStorage.removeItem(RELOADED_KEY);
  }, [reload]);
  return reload ? <FullPageLoader /> : <Navigate to={paths.home} replace />;
}

const toRoute = (r: AppRoute) => {
  const Screen = r.screen ?? Dashboard;
  return {
    path: r.path,
    element: (
      <RouteGuard path={r.path}>
        <RouteTitle title={r.title} />
        <Screen />
      </RouteGuard>
    ),
  };
};

const page = (title: Parameters<typeof RouteTitle>[0]['title'], el: React.ReactNode) => (
  <>
    <RouteTitle title={title} />
    {el}
  </>
);

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RoutingError />,
    children: [
      { path: paths.login, element: page('login', <LoginPage />) },
      { path: paths.kioskLogin, element: page('kioskLogin', <KioskLoginPage />) },
      // a district's sign-in link (issue 30 §1)
      { path: paths.districtLoginRoute, element: page('districtLogin', <DistrictLoginPage />) },
      { path: paths.setPassword, element: page('setPassword', <SetPasswordPage />) },
      { path: paths.forgotPassword, element: page('forgotPassword', <ForgotPasswordPage />) },
      { path: paths.microsoftSignOut, element: page('microsoftSignOut', <MicrosoftSignOutPage />) },
      {
        path: paths.publicRegistrationRoute,
        element: page('publicRegistration', <PublicRegistrationPage />),
      },
      { path: paths.arriveRoute, element: page('arrive', <ArrivePage />) },
      { path: paths.reunifyRoute, element: page('reunifyPublic', <ReunifyPublicPage />) },
      {
        element: (
          <RequireAuth audience="kiosk">
            <KioskShell />
          </RequireAuth>
        ),
        children: kioskRoutes.map(toRoute),
      },
      {
        element: (
          <RequireAuth audience="staff">
            <DeskShell />
          </RequireAuth>
        ),
        children: staffRoutes.map(toRoute),
      },
      // spec 000 §2: an unknown route redirects to '/'
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
]);
