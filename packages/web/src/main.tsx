import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter, preloadFirstScreen } from './app/router/router.tsx';
import { SettledRouterProvider } from './app/router/router-provider.tsx';
import type { RouteHandle } from './shared/routes/route-handle.ts';
import { i18nReady } from './shared/i18n/index.ts';
import { dismissFirstPaint } from './shared/ui/first-paint.ts';
import { warmUpFormats } from './shared/format/warm-up.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
preloadFirstScreen();
warmUpFormats();

void i18nReady.finally(() => {
  const router = createAppRouter();
  // index.html's static login screen stays until the login page mounts (it dismisses it); whenever a
  // navigation settles on another screen (a signed-in tab, a public link, a redirect), it goes.
  const dismissOffLogin = (state: typeof router.state) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    if (!state.matches.some((m) => (m.route.handle as RouteHandle | undefined)?.name === 'login'))
      dismissFirstPaint();
  };
  dismissOffLogin(router.state);
  router.subscribe(dismissOffLogin);
  // The first render is a transition: React yields to the browser every few milliseconds instead
  // of holding the main thread for the whole tree (on a phone the static first paint shows
  // meanwhile). It starts once the router has settled its first navigation: a router state change
  // between a yielded render and its commit could otherwise go unseen by RouterProvider, which
  // then stayed on its empty initial state (1 load in 24 in a stress run). A change after that
  // (a loader or lazy module settling mid-render) is caught by SettledRouterProvider.
  const render = () =>
    startTransition(() => {
      root.render(
        <StrictMode>
          <AppProviders>
            <SettledRouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      );
    });
  if (router.state.initialized) render();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      render();
    });
  }
});
