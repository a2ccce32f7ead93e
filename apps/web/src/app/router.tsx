import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useNavigate, useRouteError } from 'react-router';
import { MESSAGES } from '@sv/contracts';
import { setNavigator } from '../lib/api-client';
import { paths } from '../lib/paths';
import { FullPageLoader, RequireAuth, RoleGuard, RouteTitle } from './guards';
import { kioskRoutes, staffRoutes, type AppRoute } from './routes';

const DeskShell = lazy(() => import('../features/shell/desk-shell'));
const KioskShell = lazy(() => import('../features/shell/kiosk-shell'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const KioskLoginPage = lazy(() => import('../features/auth/kiosk-login-page'));
const SetPasswordPage = lazy(() => import('../features/auth/set-password-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const MicrosoftSignOutPage = lazy(() => import('../features/auth/microsoft-sign-out-page'));
const Dashboard = lazy(() => import('../features/dashboard/dashboard-page'));

/** Installs SPA navigation for the API client's redirects. */
function Root() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => navigate(to, { replace: true })), [navigate]);
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}

/** spec 000 §2: a routing error logs 'Error routing' and returns to '/'. */
function RoutingError() {
  const error = useRouteError();
  useEffect(() => {
    console.warn(MESSAGES.errorRouting, error);
  }, [error]);
  return <Navigate to={paths.home} replace />;
}

const toRoute = (r: AppRoute) => {
  const Screen = r.screen ?? Dashboard;
  return {
    path: r.path,
    element: (
      <RoleGuard roles={r.roles}>
        <RouteTitle title={r.title} />
        <Screen />
      </RoleGuard>
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
      { path: paths.setPassword, element: page('setPassword', <SetPasswordPage />) },
      { path: paths.forgotPassword, element: page('forgotPassword', <ForgotPasswordPage />) },
      { path: paths.microsoftSignOut, element: page('microsoftSignOut', <MicrosoftSignOutPage />) },
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
