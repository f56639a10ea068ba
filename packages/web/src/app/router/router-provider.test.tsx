import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SettledRouterProvider } from './router-provider.tsx';

/**
 * A router with a subscriber of its own, as main.tsx has (it dismisses the static first paint).
 * Without one, react-router buffers a change made before RouterProvider subscribes; with one it
 * does not, and RouterProvider never hears of it.
 */
const SCREEN_A = 'screen a';
const SCREEN_B = 'screen b';
const makeRouter = () => {
  const router = createMemoryRouter(
    [
      { path: '/a', element: <p>{SCREEN_A}</p> },
      { path: '/b', element: <p>{SCREEN_B}</p> },
    ],
    { initialEntries: ['/a'] },
  );
  router.subscribe(() => undefined);
  return router;
};

/** Moves the router while the tree renders: after RouterProvider took its state, before it subscribed. */
function NavigatesDuringRender({ router }: { router: ReturnType<typeof makeRouter> }) {
  if (router.state.location.pathname === '/a') void router.navigate('/b');
  return null;
}

afterEach(cleanup);

describe('SettledRouterProvider', () => {
  it('shows where the router is when it moved between the first render and its commit', () => {
    const router = makeRouter();
    render(
      <>
        <SettledRouterProvider router={router as never} />
        <NavigatesDuringRender router={router} />
      </>,
    );
    expect(screen.getByText(SCREEN_B)).toBeTruthy();
  });

  it('(the gap it closes) RouterProvider alone stays on the state it rendered with', () => {
    const router = makeRouter();
    render(
      <>
        <RouterProvider router={router} />
        <NavigatesDuringRender router={router} />
      </>,
    );
    expect(router.state.location.pathname).toBe('/b');
    expect(screen.getByText(SCREEN_A)).toBeTruthy();
  });
});
