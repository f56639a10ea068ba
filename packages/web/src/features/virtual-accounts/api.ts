import { apiRoutes, type RouteBody, type RouteResponse, type VaDocumentView } from '@portal/domain';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadAndSave, uploadForm, useApiMutation, useApiQuery } from '../../shared/api/index.ts';
import { moneyKey, useCompanyId, walletPart } from '../../shared/freshness/index.ts';

export type VaListBody = RouteBody<typeof apiRoutes.vaList>;
export type VaRequestListBody = RouteBody<typeof apiRoutes.vaRequests>;
export type VaChallengeBody = RouteBody<typeof apiRoutes.vaChallenge>;
export type VaConfirmation = RouteResponse<typeof apiRoutes.vaChallenge>['confirmation'];
export type VirtualAccountRow = RouteResponse<typeof apiRoutes.vaList>['wallet_ibans'][number];
export type VaRequestRow = RouteResponse<typeof apiRoutes.vaRequests>['iban_requests'][number];
export const VA_PAGE_SIZE = 10;

/**
 * Query keys of the VA area, scoped to the company and wallet. VAs receive money, so their lists
 * are money keys: a pay-in push or any money mutation refreshes them with the balances.
 */
export const vaQueries = {
  all: (companyId: string | null) => moneyKey(companyId, 'virtual-accounts'),
  list: (companyId: string | null, walletId: number, page: number, body: VaListBody) =>
    [...vaQueries.all(companyId), 'list', walletPart(walletId), page, body] as const,
  groups: (companyId: string | null) => [...vaQueries.all(companyId), 'groups'] as const,
  requests: (companyId: string | null, page: number, body: VaRequestListBody) =>
    [...vaQueries.all(companyId), 'requests', page, body] as const,
  request: (companyId: string | null, uuid: string) =>
    [...vaQueries.all(companyId), 'request', uuid] as const,
};

export function useVaList(walletId: number | undefined, page: number, body: Omit<VaListBody, 'wallet_id'>) {
  const companyId = useCompanyId();
  const full = { ...body, wallet_id: walletId ?? 0 };
  return useApiQuery(
    apiRoutes.vaList,
    { params: { size: VA_PAGE_SIZE, page }, body: full },
    {
      queryKey: vaQueries.list(companyId, walletId ?? 0, page, full),
      placeholderData: keepPreviousData,
      enabled: walletId !== undefined && companyId !== null,
    },
  );
}

export function useVaGroups() {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.vaGroups,
    { params: { page: 1, rows: 100 } },
    { queryKey: vaQueries.groups(companyId), enabled: companyId !== null },
  );
}

export function useVaRequests(page: number, body: VaRequestListBody) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.vaRequests,
    { params: { page, rows: VA_PAGE_SIZE }, body },
    {
      queryKey: vaQueries.requests(companyId, page, body),
      placeholderData: keepPreviousData,
      enabled: companyId !== null,
    },
  );
}

export function useVaRequest(uuid: string) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.vaRequestGet,
    { params: { uuid } },
    { queryKey: vaQueries.request(companyId, uuid), enabled: companyId !== null && uuid !== '' },
  );
}

function useInvalidateVa() {
  const client = useQueryClient();
  const companyId = useCompanyId();
  return () => client.invalidateQueries({ queryKey: vaQueries.all(companyId) });
}

/** The challenge is shown in the confirmation dialog; failures are shown by the caller's form. */
export const useVaChallenge = () => useApiMutation(apiRoutes.vaChallenge);

export function useCreateVaRequest() {
  const invalidate = useInvalidateVa();
  return useApiMutation(apiRoutes.vaRequestCreate, { notify: false, onSuccess: () => invalidate() });
}

export function useCancelVaRequest() {
  const invalidate = useInvalidateVa();
  return useApiMutation(apiRoutes.vaRequestCancel, { onSuccess: () => invalidate() });
}

export function useVaAction() {
  const invalidate = useInvalidateVa();
  return useApiMutation(apiRoutes.vaAction, { notify: false, onSuccess: () => invalidate() });
}

export function useVaInfo() {
  return useApiMutation(apiRoutes.vaInfo, { notify: false });
}

// ── request documents: multipart upload and authorised downloads (the shared file transfers) ─────

/** Uploads one request document; the server checks it by content and answers its id. */
export function useUploadVaDocument() {
  return useMutation({
    mutationFn: async (file: File): Promise<VaDocumentView> =>
      (await uploadForm(apiRoutes.vaDocumentUpload, { files: { file } })).document,
  });
}

/** Saves a request document under its own name: the company's route, or the operator's. */
export async function downloadVaDocument(
  who: 'client' | 'operator',
  requestUuid: string,
  doc: Pick<VaDocumentView, 'id' | 'file_name'>,
): Promise<void> {
  const route = who === 'client' ? apiRoutes.vaDocumentGet : apiRoutes.opVaDocumentGet;
  await downloadAndSave(route, { params: { uuid: requestUuid, id: doc.id }, fallbackName: doc.file_name });
}
