import { apiRoutes } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';

/** The menu keys the server lets this user see (spec §7 `GET /menu_items`); refetched on company switch. */
export const menuItemsKey = (userId: string | null) => ['session', 'menu', userId] as const;

/** The menu changes with rights, which change rarely and refetch it themselves on a company switch. */
export const MENU_ITEMS_STALE_MS = 5 * 60_000;

/**
 * Asks for the menu without drawing it: on a phone the menu is drawn only once the burger opens it,
 * and then has its entries at once.
 */
export function prefetchMenuItems(client: QueryClient, userId: string | null): Promise<void> {
  return client.prefetchQuery({
    queryKey: menuItemsKey(userId),
    queryFn: ({ signal }) => callApi(apiRoutes.menuItems, { signal }),
    staleTime: MENU_ITEMS_STALE_MS,
  });
}
