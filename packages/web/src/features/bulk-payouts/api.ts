import {
  type ApprovalConfirmation,
  type ApprovalProofBody,
  apiRoutes,
  BULK_CSV_TEMPLATE,
  type BulkBatchView,
  type BulkIssueView,
  type RouteResponse,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadAndSave, saveFile, uploadForm, useApiQuery } from '../../shared/api/index.ts';
import { moneyKey, useCompanyId } from '../../shared/freshness/index.ts';

export type UploadAnswer = RouteResponse<typeof apiRoutes.bulkUpload>;

export const bulkQueries = {
  all: (companyId: string | null) => moneyKey(companyId, 'bulk-payouts'),
  batch: (companyId: string | null, id: string) => [...bulkQueries.all(companyId), 'batch', id] as const,
  issues: (companyId: string | null, id: string) => [...bulkQueries.all(companyId), 'issues', id] as const,
  list: (companyId: string | null) => [...bulkQueries.all(companyId), 'list'] as const,
};

const RUNNING: readonly BulkBatchView['status'][] = ['processing'];

/** One batch; polled every second while its payments are being made (the progress bar). */
export function useBulkBatch(id: string | null) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.bulkGet,
    { params: { id: id ?? '' } },
    {
      queryKey: bulkQueries.batch(companyId, id ?? ''),
      enabled: id !== null && companyId !== null,
      refetchInterval: (q) => {
        const data = q.state.data as { batch?: BulkBatchView } | undefined;
        return data?.batch && RUNNING.includes(data.batch.status) ? 1_000 : false;
      },
    },
  );
}

export function useBulkIssues(id: string | null, enabled: boolean) {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.bulkIssues,
    { params: { id: id ?? '' } },
    {
      queryKey: bulkQueries.issues(companyId, id ?? ''),
      enabled: enabled && id !== null && companyId !== null,
    },
  );
}

export function useBulkList() {
  const companyId = useCompanyId();
  return useApiQuery(
    apiRoutes.bulkList,
    {},
    { queryKey: bulkQueries.list(companyId), enabled: companyId !== null, notify: false },
  );
}

/** Uploads a pay-out file (multipart); the answer seeds the batch and its row problems. */
export function useUploadBatch() {
  const client = useQueryClient();
  const companyId = useCompanyId();
  return useMutation({
    mutationFn: (file: File): Promise<UploadAnswer> => uploadForm(apiRoutes.bulkUpload, { files: { file } }),
    onSuccess: (answer) => {
      client.setQueryData(bulkQueries.batch(companyId, answer.batch.id), {
        success: true,
        batch: answer.batch,
      });
      client.setQueryData(bulkQueries.issues(companyId, answer.batch.id), {
        success: true,
        issues: answer.issues,
        issue_count: answer.issue_count,
      });
      void client.invalidateQueries({ queryKey: bulkQueries.list(companyId) });
    },
  });
}

/**
 * The batch's one confirmation in the shape of the shared approval dialog: one line per currency
 * (the number of payments and the file's hash), and the totals the server binds the code to.
 */
export async function batchChallenge(
  id: string,
  action: 'confirm' | 'approve',
  paymentsLabel: (count: number) => string,
): Promise<ApprovalConfirmation & { count: number }> {
  const { confirmation } = await callApi(apiRoutes.bulkChallenge, { params: { id }, body: { action } });
  return {
    challenge_id: confirmation.challenge_id,
    expires_at: confirmation.expires_at,
    // The total counts payments, not the per-currency lines (three payments in two currencies).
    count: confirmation.count,
    items: confirmation.totals.map((total) => ({
      id: total.currency,
      amount: total.amount,
      currency: total.currency,
      payee: paymentsLabel(total.count),
      account: `SHA-256 ${confirmation.file_hash.slice(0, 16)}…`,
    })),
    totals: confirmation.totals.map(({ currency, amount }) => ({ currency, amount })),
  };
}

export async function decideBatch(id: string, action: 'confirm' | 'approve', proof: ApprovalProofBody) {
  const route = action === 'confirm' ? apiRoutes.bulkConfirm : apiRoutes.bulkApprove;
  return (await callApi(route, { params: { id }, body: proof })).batch;
}

export async function discardBatch(id: string) {
  return (await callApi(apiRoutes.bulkDiscard, { params: { id } })).batch;
}

/** The result report (one CSV line per row), downloaded with the session's token. */
export async function downloadReport(batch: BulkBatchView): Promise<void> {
  await downloadAndSave(apiRoutes.bulkReport, {
    params: { id: batch.id },
    fallbackName: `payout-batch-${batch.id.slice(0, 8)}-report.csv`,
  });
}

/** The pain.002 status report of an approved pain.001 batch (ISO 20022 XML), with the session's token. */
export async function downloadStatusReport(batch: BulkBatchView): Promise<void> {
  await downloadAndSave(apiRoutes.bulkStatusReport, {
    params: { id: batch.id },
    fallbackName: `payout-batch-${batch.id.slice(0, 8)}-pain.002.xml`,
  });
}

/** The documented template with its example rows (the domain's, so it always passes the rules). */
export function downloadTemplate(): void {
  saveFile({
    blob: new Blob([`\uFEFF${BULK_CSV_TEMPLATE}`], { type: 'text/csv;charset=utf-8' }),
    fileName: 'payout-template.csv',
  });
}

export type { BulkBatchView, BulkIssueView };
