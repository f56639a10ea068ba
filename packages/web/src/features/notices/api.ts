import { apiRoutes, NOTICE_PAGE_SIZE, type RouteResponse } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../shared/api/index.ts';
import { useCompanyId } from '../../shared/freshness/index.ts';

/** Keys start with `push`, `notices`: the stream's `notices` event refreshes them all. */
export const noticeKeys = {
  all: ['push', 'notices'] as const,
  list: (companyId: string | null, ...parts: unknown[]) =>
    ['push', 'notices', companyId, 'list', ...parts] as const,
  one: (id: string) => ['push', 'notices', 'one', id] as const,
  staff: (...parts: unknown[]) => ['push', 'notices', 'staff', ...parts] as const,
};

export type NoticeItem = RouteResponse<typeof apiRoutes.noticesList>['notices'][number];

export interface NoticeFilters {
  status: 'unread' | 'read' | 'all';
  page: number;
  rows?: number;
  sort_param?: 'created' | 'title' | 'starts_on';
  sort_order?: 'asc' | 'desc';
  filter_value?: string | undefined;
}

export function useNotices({ status, page, ...body }: NoticeFilters, enabled = true) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.noticesList,
    { params: { status, page }, body: { rows: NOTICE_PAGE_SIZE, ...body } },
    {
      queryKey: noticeKeys.list(companyId, status, page, body),
      placeholderData: (previous) => previous,
      enabled,
      refetchInterval: 300_000,
    },
  );
}

export function useMarkNoticesRead() {
  const client = useQueryClient();
  return useApiMutation(apiRoutes.noticesReadStatus, {
    onSuccess: () => void client.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}

export const useStaffNotices = (page: number, rows: number) =>
  useApiQuery(
    apiRoutes.opNoticesList,
    { params: { page, rows }, body: {} },
    { queryKey: noticeKeys.staff(page, rows), placeholderData: (previous) => previous },
  );

export function usePublishNotice() {
  const client = useQueryClient();
  return useApiMutation(apiRoutes.opNoticeCreate, {
    onSuccess: () => void client.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
