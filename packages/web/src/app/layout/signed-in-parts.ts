import { lazyPart } from '../router/lazy-page.tsx';

// Parts of the layouts that only a logged-in user sees: their code (the side menu's entries and icons,
// the session countdown dialog) stays off the login route. The guards of the protected routes preload
// them with the route, so a signed-in screen draws them at once.

export const SideMenu = lazyPart(() => import('./side-menu.tsx'), 'SideMenu');

export const SessionExpiryWarning = lazyPart(
  () => import('./session-expiry-warning.tsx'),
  'SessionExpiryWarning',
);

/** Fetches the signed-in parts ahead; a failure is left to the part's own loading to report. */
export function preloadSignedInParts(): Promise<void> {
  return Promise.all([SideMenu.preload(), SessionExpiryWarning.preload()]).then(
    () => undefined,
    () => undefined,
  );
}
