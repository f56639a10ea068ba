import { apiRoutes, type CaseStatus, type MessageFolder, type RouteResponse } from '@portal/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  downloadAndSave,
  notifyError,
  uploadForm,
  useApiMutation,
  useApiQuery,
} from '../../shared/api/index.ts';
import { useCompanyId } from '../../shared/freshness/index.ts';

/**
 * Query keys of messages. Every key starts with `push`, `messages`: the notification stream's
 * `messages` event invalidates them all (unread counts, lists, threads), so nothing needs a reload.
 */
export const messageKeys = {
  all: ['push', 'messages'] as const,
  unread: (companyId: string | null) => ['push', 'messages', companyId, 'unread'] as const,
  list: (companyId: string | null, ...parts: unknown[]) =>
    ['push', 'messages', companyId, 'list', ...parts] as const,
  thread: (companyId: string | null, id: string) => ['push', 'messages', companyId, 'thread', id] as const,
  cases: (...parts: unknown[]) => ['push', 'messages', 'cases', ...parts] as const,
  case: (id: string) => ['push', 'messages', 'case', id] as const,
};

export type MessageItem = RouteResponse<typeof apiRoutes.messagesList>['messages'][number];
export type Thread = RouteResponse<typeof apiRoutes.messagesLinkedList>;
export type CaseItem = RouteResponse<typeof apiRoutes.opCasesList>['cases'][number];

export interface ListFilters {
  page: number;
  rows: number;
  order: 'asc' | 'desc';
  crm_status?: CaseStatus | undefined;
  type?: string | undefined;
  filter_value?: string | undefined;
  sort_param: 'created' | 'priority' | 'case_number' | 'subject';
  unread?: boolean | undefined;
}

const invalidateAll = (client: QueryClient) => client.invalidateQueries({ queryKey: messageKeys.all });

export const useMessageTypes = () => useApiQuery(apiRoutes.messageTypes, {}, { staleTime: 10 * 60_000 });

export function useMessages(folder: MessageFolder, f: ListFilters) {
  const companyId = useCompanyId();
  const { page, rows, order, ...body } = f;
  return useApiQuery(
    apiRoutes.messagesList,
    {
      params: { folder, page, rows, order },
      body: { ...body, type: body.type as never, filter_param: 'any' },
    },
    { queryKey: messageKeys.list(companyId, folder, f), placeholderData: (previous) => previous },
  );
}

export function useThread(id: string) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.messagesLinkedList,
    { params: { id } },
    { queryKey: messageKeys.thread(companyId, id) },
  );
}

/** Unread messages from support of the current company (header, menu, notification centre). */
export function useUnreadMessages(enabled = true) {
  const companyId = useCompanyId();
  const query = useApiQuery(
    apiRoutes.messagesUnreadQuantity,
    {},
    {
      queryKey: messageKeys.unread(companyId),
      enabled: enabled && !!companyId,
      notify: false,
      refetchInterval: 300_000,
    },
  );
  return query.data?.merchant_unreads.find((u) => u.merchant_id === companyId)?.quantity ?? 0;
}

export function useMarkRead() {
  const client = useQueryClient();
  return useApiMutation(apiRoutes.messagesReadStatus, { onSuccess: () => void invalidateAll(client) });
}

export function useDeleteMessages() {
  const client = useQueryClient();
  return useApiMutation(apiRoutes.messagesDelete, { onSettled: () => void invalidateAll(client) });
}

export function useDeleteThreads() {
  const client = useQueryClient();
  return useApiMutation(apiRoutes.messagesDeleteSequence, { onSettled: () => void invalidateAll(client) });
}

export interface SendInput {
  root_uuid?: string | undefined;
  type?: string | undefined;
  subject?: string | undefined;
  priority?: string | undefined;
  text: string;
  files: File[];
  /** One key per user action: a retry of the same send is answered once. */
  key: string;
}

/** New message or reply (multipart with attachments). */
export function useSendMessage() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ files, key, ...fields }: SendInput) =>
      uploadForm(apiRoutes.messagesAdd, { fields, files: { files }, idempotencyKey: key }),
    onSuccess: () => void invalidateAll(client),
    onError: (error) => notifyError(error, t),
  });
}

/** Saves an attachment (owning company or staff) under its name. */
export async function downloadAttachment(messageId: string, fileLink: string, fileName: string) {
  await downloadAndSave(apiRoutes.messageAttachmentGet, {
    params: { a: messageId },
    body: { file_link: fileLink },
    fallbackName: fileName,
  });
}

// Staff (operator console).

export interface CaseFilters {
  page: number;
  rows: number;
  crm_status?: CaseStatus | undefined;
  assigned?: string | undefined;
  filter_value?: string | undefined;
}

export const useCases = ({ page, rows, ...body }: CaseFilters) =>
  useApiQuery(
    apiRoutes.opCasesList,
    { params: { page, rows }, body },
    { queryKey: messageKeys.cases(page, rows, body), placeholderData: (previous) => previous },
  );

export const useCase = (id: string) =>
  useApiQuery(apiRoutes.opCaseGet, { params: { id } }, { queryKey: messageKeys.case(id) });

export const useStaff = () => useApiQuery(apiRoutes.opStaffList, {}, { staleTime: 60_000 });

export function useAnswerCase() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (input: {
      id: string;
      text: string;
      crm_status?: string | undefined;
      files: File[];
      key: string;
    }) =>
      uploadForm(apiRoutes.opCaseAnswer, {
        params: { id: input.id },
        fields: { text: input.text, crm_status: input.crm_status },
        files: { files: input.files },
        idempotencyKey: input.key,
      }),
    onSuccess: () => void invalidateAll(client),
    onError: (error) => notifyError(error, t),
  });
}

export function useSetCaseStatus() {
  const client = useQueryClient();
  return useApiMutation(apiRoutes.opCaseStatus, { onSuccess: () => void invalidateAll(client) });
}

export function useAssignCase() {
  const client = useQueryClient();
  return useApiMutation(apiRoutes.opCaseAssign, { onSuccess: () => void invalidateAll(client) });
}
