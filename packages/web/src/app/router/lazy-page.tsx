import { Center, Loader } from '@mantine/core';
import { type ComponentType, isValidElement, lazy, Suspense, useState } from 'react';
import type { RouteObject } from 'react-router';
import { loadAllTranslations } from '../../shared/i18n/index.ts';

/** A module's code together with every translation namespace (the login route has only a few). */
const withTranslations = <M,>(load: () => Promise<M>): Promise<M> =>
  Promise.all([load(), loadAllTranslations()]).then(([module]) => module);

/**
 * A component loaded on demand (with all translations), without a Suspense boundary of its own:
 * for parts of a layout that only a logged-in user sees; wrap it in `<Suspense fallback={null}>`.
 * `preload()` fetches it ahead (a route loader, before the screen that shows it); once it is in, the
 * part renders at once, without suspending.
 */
export function lazyPart<M, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentOf<M[K]> & { preload: () => Promise<unknown> } {
  type Part = ComponentOf<M[K]>;
  let loaded: Part | undefined;
  let pending: Promise<Part> | undefined;
  const preload = (): Promise<Part> => {
    pending ??= withTranslations(load).then((module) => {
      loaded = module[name] as Part;
      return loaded;
    });
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function LazyPart(props: object) {
    // An instance keeps the kind it started with: switching would mount the part afresh.
    const [Component] = useState<ComponentType<object>>(() => (loaded ?? Lazy) as ComponentType<object>);
    return <Component {...props} />;
  }
  LazyPart.displayName = `LazyPart(${name})`;
  LazyPart.preload = preload;
  return LazyPart as unknown as Part & { preload: () => Promise<unknown> };
}

type ComponentOf<T> = T extends ComponentType<infer P> ? ComponentType<P> : ComponentType;

/**
 * A page whose code loads on demand: the route table keeps `element: <XPage />`, the page's module
 * (and the heavy libraries only it imports) becomes its own chunk, fetched the first time the route
 * renders. Each page carries its own Suspense boundary, so layouts need no change.
 *
 *   const PaymentsPage = lazyPage(() => import('../../features/payments/pages/payments-page.tsx'), 'PaymentsPage');
 *
 * `translations: 'start'` is for a screen that needs only the START_NAMESPACES, which are in before
 * the first render (the login page): it does not wait for the other namespaces.
 */
export function lazyPage<M, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  { translations = 'all' }: { translations?: 'all' | 'start' } = {},
): ComponentType & { preload: () => Promise<M> } {
  const fetch = () => (translations === 'all' ? withTranslations(load) : load());
  const Lazy = lazy(() => fetch().then((module) => ({ default: module[name] as ComponentType })));
  function LazyPage() {
    return (
      <Suspense fallback={<PageLoading />}>
        <Lazy />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  LazyPage.preload = fetch;
  return LazyPage;
}

/**
 * Every route whose element is a lazy page gets a loader that starts fetching the page's code at once.
 * React Router runs the loaders of a navigation together, so the page's chunk arrives while the guard
 * above it works (the token refresh of a tab's first protected navigation, spec §2) instead of being
 * asked for when the page first renders after it: one round trip less before a signed-in screen
 * draws on a slow network (issue 15). A route that has a loader of its own keeps it.
 */
export function withPagePreloads(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const page = isValidElement(route.element)
      ? (route.element.type as { preload?: () => Promise<unknown> })
      : undefined;
    const next = { ...route };
    if (route.children) next.children = withPagePreloads(route.children);
    if (page?.preload && !route.loader) {
      const preload = page.preload;
      next.loader = () => {
        preload().catch(() => undefined);
        return null;
      };
    }
    return next as RouteObject;
  });
}

function PageLoading() {
  return (
    <Center py="xl" aria-busy="true">
      <Loader size="sm" />
    </Center>
  );
}
