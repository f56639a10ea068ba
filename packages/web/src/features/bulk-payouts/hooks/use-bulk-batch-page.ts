import type { BulkBatchView } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, notifyError } from '../../../shared/api/index.ts';
import { useCompanyId } from '../../../shared/freshness/index.ts';
import { bulkQueries, useBulkBatch, useBulkIssues, useUploadBatch } from '../api.ts';

/**
 * The pay-out terminal's data: the batch named in the URL (`?batch=`), its row problems, the upload
 * that opens a new batch, and `refresh` to store a batch the server answered with after a decision.
 */
export function useBulkBatchPage() {
  const { t } = useTranslation('bulkPayouts');
  const client = useQueryClient();
  const companyId = useCompanyId();
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const upload = useUploadBatch();
  const batchQuery = useBulkBatch(batchId);
  const batch = batchQuery.data?.batch ?? null;
  const issuesQuery = useBulkIssues(batchId, !!batch && batch.error_rows + batch.warning_rows > 0);
  const issues = issuesQuery.data?.issues ?? [];

  const forbidden =
    batchQuery.error instanceof ApiError && batchQuery.error.code === 'BULK_NOT_MERCHANT_SERVICE';
  const refresh = (next: BulkBatchView) => {
    client.setQueryData(bulkQueries.batch(companyId, next.id), { success: true, batch: next });
    void client.invalidateQueries({ queryKey: bulkQueries.list(companyId) });
  };

  const onDrop = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (answer) => setParams({ batch: answer.batch.id }, { replace: false }),
      onError: (e) => notifyError(e, t),
    });
  };

  return {
    batch,
    issues,
    issueCount: issuesQuery.data?.issue_count ?? issues.length,
    forbidden,
    refresh,
    upload,
    onDrop,
  };
}
