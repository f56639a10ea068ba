import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { onApiFailure, platformQueryKey, usePlatform } from '../../shared/api/index.ts';
import { isLoggedIn, logout, onLogout, useSession } from '../../shared/session/index.ts';
import { loginRedirectFor } from '../router/loaders.ts';
import { boardingHref, href } from '../../shared/routes/route-names.ts';
import { NavigationProgress } from './navigation-progress.tsx';
import { boardingRefFromPath, isVerificationPath } from './session-navigation.ts';
import { SessionExpiryWarning } from './signed-in-parts.ts';

/** Maintenance started (403 MAINTENANCE from any call, or the platform poll): log out, unless on verification. */
function onMaintenanceStarted(): void {
  if (!isLoggedIn() || isVerificationPath(window.location.pathname)) return;
  logout('maintenance');
}

/** App-wide effects that need the router: logout navigation, maintenance rule, session warning. */
export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const platform = usePlatform();
  const session = useSession();

  useEffect(
    () =>
      onLogout((reason) => {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== platformQueryKey[0] });
        const { pathname, search } = window.location;
        const boarding = boardingRefFromPath(pathname);
        if (boarding) navigate(boardingHref('login', boarding), { replace: true });
        else if (reason === 'maintenance') navigate(loginRedirectFor(pathname + search), { replace: true });
        else navigate(href('login'), { replace: true });
      }),
    [navigate, queryClient],
  );

  useEffect(
    () =>
      onApiFailure((error) => {
        if (error.isMaintenance) onMaintenanceStarted();
      }),
    [],
  );

  const maintenanceState = platform.data?.maintenance.state;
  useEffect(() => {
    if (maintenanceState === 'started') onMaintenanceStarted();
  }, [maintenanceState]);

  return (
    <>
      <NavigationProgress />
      <Outlet />
      {/* Its dialog opens only for a logged-in user, near the end of the session. */}
      {session.isLoggedIn ? (
        <Suspense fallback={null}>
          <SessionExpiryWarning />
        </Suspense>
      ) : null}
    </>
  );
}
