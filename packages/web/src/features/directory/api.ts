import { apiRoutes, type DirectoryFilter, type RouteBody, type RouteResponse } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';
import { useCompanyId } from '../../shared/freshness/index.ts';

export type DirectoryEntry = RouteResponse<typeof apiRoutes.directoryList>['entries'][number];
export type DirectoryProfileInput = RouteBody<typeof apiRoutes.directoryJoin>;

export const DIRECTORY_PAGE_SIZE = 12;

/** Query keys of the directory; keys carry the company because "own" differs per company. */
export const directoryKeys = {
  all: ['directory'] as const,
  list: (merchantId: string | null, page: number, filter: DirectoryFilter) =>
    ['directory', 'list', merchantId, page, filter] as const,
  own: (merchantId: string | null) => ['directory', 'own', merchantId] as const,
  moderation: (page: number, filter: OperatorDirectoryFilter) =>
    ['directory', 'moderation', page, filter] as const,
};

export type OperatorDirectoryFilter = RouteBody<typeof apiRoutes.operatorDirectoryList>;
export type ModeratedEntry = RouteResponse<typeof apiRoutes.operatorDirectoryList>['entries'][number];

/** Staff: every entry, hidden ones included. */
export function useModerationList(page: number, filter: OperatorDirectoryFilter) {
  return useApiQuery(
    apiRoutes.operatorDirectoryList,
    { params: { page, rows: DIRECTORY_PAGE_SIZE }, body: filter },
    { queryKey: directoryKeys.moderation(page, filter), placeholderData: (previous) => previous },
  );
}

export function useModerateEntry() {
  const queryClient = useQueryClient();
  return useApiMutation(apiRoutes.operatorDirectoryModerate, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryKeys.all }),
  });
}

export function useDirectoryList(page: number, filter: DirectoryFilter) {
  const merchantId = useCompanyId();
  return useApiQuery(
    apiRoutes.directoryList,
    { params: { page, rows: DIRECTORY_PAGE_SIZE }, body: filter },
    { queryKey: directoryKeys.list(merchantId, page, filter), placeholderData: (previous) => previous },
  );
}

export function useOwnDirectoryEntry() {
  const merchantId = useCompanyId();
  return useApiQuery(apiRoutes.directoryOwn, {}, { queryKey: directoryKeys.own(merchantId) });
}

/** Join, change and leave change both the company's own entry and the lists it appears in. */
type DirectoryChangeRoute =
  | typeof apiRoutes.directoryJoin
  | typeof apiRoutes.directoryChange
  | typeof apiRoutes.directoryLeave;

function useDirectoryMutation<R extends DirectoryChangeRoute>(route: R) {
  const queryClient = useQueryClient();
  return useApiMutation(route, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directoryKeys.all }),
  });
}

export const useJoinDirectory = () => useDirectoryMutation(apiRoutes.directoryJoin);
export const useChangeDirectoryProfile = () => useDirectoryMutation(apiRoutes.directoryChange);
export const useLeaveDirectory = () => useDirectoryMutation(apiRoutes.directoryLeave);
