import { Center, Loader } from '@mantine/core';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { loadAllTranslations } from '../../shared/i18n/index.ts';

/** A module's code together with every translation namespace (the login route has only a few). */
const withTranslations = <M,>(load: () => Promise<M>): Promise<M> =>
  Promise.all([load(), loadAllTranslations()]).then(([module]) => module);

/**
 * A component loaded on demand (with all translations), without a Suspense boundary of its own:
 * for parts of a layout that only a logged-in user sees; wrap it in `<Suspense fallback={null}>`.
 */
export function lazyPart<M, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentOf<M[K]>> {
  return lazy(() =>
    withTranslations(load).then((module) => ({ default: module[name] as ComponentOf<M[K]> })),
  );
}

type ComponentOf<T> = T extends ComponentType<infer P> ? ComponentType<P> : ComponentType;

/**
 * A page whose code loads on demand: the route table keeps `element: <XPage />`, the page's module
 * (and the heavy libraries only it imports) becomes its own chunk, fetched the first time the route
 * renders. Each page carries its own Suspense boundary, so layouts need no change.
 *
 *   const PaymentsPage = lazyPage(() => import('../../features/payments/pages/payments-page.tsx'), 'PaymentsPage');
 */
export function lazyPage<M, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType & { preload: () => Promise<M> } {
  const Lazy = lazy(() =>
    withTranslations(load).then((module) => ({ default: module[name] as ComponentType })),
  );
  function LazyPage() {
    return (
      <Suspense fallback={<PageLoading />}>
        <Lazy />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  LazyPage.preload = () => withTranslations(load);
  return LazyPage;
}

function PageLoading() {
  return (
    <Center py="xl" aria-busy="true">
      <Loader size="sm" />
    </Center>
  );
}
