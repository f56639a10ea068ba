import { useLayoutEffect, useReducer, useRef } from 'react';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router.tsx';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * RouterProvider for a first render that runs as a transition (main.tsx). RouterProvider takes the
 * router's state while it renders and subscribes only when it commits; a transition yields in
 * between. react-router buffers a change made before anyone subscribed, but main.tsx subscribes
 * first (to dismiss the static first paint), so a change in that gap (a loader or lazy module
 * settling) went unseen and the screen stayed on the old state: a journey waited 30 s for the
 * accounts list. At the first commit this compares the router's state with the one seen while
 * rendering and, when it moved, mounts RouterProvider again — synchronously, from a layout effect,
 * so no second gap opens. Later changes reach RouterProvider through its subscription.
 */
export function SettledRouterProvider({ router }: { router: AppRouter }) {
  const seenWhileRendering = useRef(router.state);
  const [generation, remount] = useReducer((n: number) => n + 1, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first commit can have missed a change
  useLayoutEffect(() => {
    if (router.state !== seenWhileRendering.current) remount();
  }, []);
  return <RouterProvider key={generation} router={router} />;
}
