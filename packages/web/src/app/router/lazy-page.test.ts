import { createElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../shared/i18n/index.ts';
import { lazyPage, withPagePreloads } from './lazy-page.tsx';

// Importing the i18n module starts loading the first language and sets the document's language when
// that lands; on a busy machine that came after the test environment was torn down ("document is
// not defined", which fails the run).
afterAll(() => i18nReady);

/** A lazy page whose module load is observable and never settles (nothing renders it here). */
function spyPage() {
  const load = vi.fn(() => new Promise<{ Page: () => null }>(() => undefined));
  return { load, Page: lazyPage(load, 'Page', { translations: 'start' }) };
}

describe('withPagePreloads: a lazy page is fetched by its route loader (issue 15)', () => {
  it('starts loading the page code when the navigation starts, beside a parent guard still waiting', async () => {
    const { load, Page } = spyPage();
    let releaseGuard: () => void = () => undefined;
    const guard = vi.fn(
      () =>
        new Promise<null>((resolve) => {
          releaseGuard = () => resolve(null);
        }),
    );
    const routes: RouteObject[] = [
      { path: '/', loader: guard, children: [{ index: true, element: createElement(Page) }] },
    ];
    const router = createMemoryRouter(withPagePreloads(routes), { initialEntries: ['/'] });
    await vi.waitFor(() => expect(guard).toHaveBeenCalled());
    // The guard has not answered yet, and the page module is already on its way.
    expect(load).toHaveBeenCalledTimes(1);
    releaseGuard();
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    router.dispose();
  });

  it('keeps a route loader of its own and leaves routes without a lazy page alone', () => {
    const { load, Page } = spyPage();
    const own = vi.fn(() => null);
    const [withOwn, plain] = withPagePreloads([
      { path: '/a', loader: own, element: createElement(Page) },
      { path: '/b', element: createElement('div') },
    ]);
    expect(withOwn?.loader).toBe(own);
    expect(plain?.loader).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });
});
