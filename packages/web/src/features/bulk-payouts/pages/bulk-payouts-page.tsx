import { Button } from '@mantine/core';
import { BULK_MAX_ROWS } from '@portal/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import { ApprovalDialog } from '../../../shared/ui/approval-dialog.tsx';
import { EmptyState, Page } from '../../../shared/ui/index.ts';
import { batchChallenge, decideBatch, discardBatch, downloadTemplate } from '../api.ts';
import { BulkBatchCard } from '../components/bulk-batch-card.tsx';
import { BulkIssuesPanel } from '../components/bulk-issues-panel.tsx';
import { BulkUploadDropzone } from '../components/bulk-upload-dropzone.tsx';
import { useBulkBatchPage } from '../hooks/use-bulk-batch-page.ts';

/**
 * Pay-out terminal (spec §2 menu, issue 14): upload a CSV of the template or a pain.001 file, read
 * each row's problems, fix and upload again, confirm the whole batch once with the authenticator
 * code, watch the payments being made and download the result report.
 */
export function BulkPayoutsPage() {
  const { t } = useTranslation('bulkPayouts');
  const { number } = useFormat();
  const { batch, issues, issueCount, forbidden, refresh, upload, onDrop } = useBulkBatchPage();
  const [dialog, setDialog] = useState<{ key: string; action: 'confirm' | 'approve' } | null>(null);

  if (forbidden)
    return (
      <Page title={t('page.title')}>
        <EmptyState title={t('page.accountServiceTitle')} description={t('page.accountService')} />
      </Page>
    );

  return (
    <Page
      title={t('page.title')}
      description={t('page.description', { max: number(BULK_MAX_ROWS) })}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={downloadTemplate}
          data-testid="bulk-template"
        >
          {t('page.template')}
        </Button>
      }
    >
      <BulkUploadDropzone onDrop={onDrop} loading={upload.isPending} fixing={batch?.status === 'invalid'} />

      {batch ? (
        <BulkBatchCard
          batch={batch}
          onConfirm={(action) => setDialog({ key: `${batch.id}:${action}:${Date.now()}`, action })}
          onDiscard={() =>
            discardBatch(batch.id)
              .then(refresh)
              .catch((e: unknown) => notifyError(e, t))
          }
        />
      ) : (
        <EmptyState title={t('empty.title')} description={t('empty.description')} />
      )}

      {batch && issues.length > 0 ? <BulkIssuesPanel issues={issues} count={issueCount} /> : null}

      <ApprovalDialog
        openKey={dialog?.key ?? null}
        title={dialog?.action === 'approve' ? t('confirm.approveTitle') : t('confirm.title')}
        intro={t('confirm.intro')}
        columns={{ payee: t('confirm.payments'), account: t('confirm.file') }}
        requestChallenge={() =>
          batchChallenge(batch?.id ?? '', dialog?.action ?? 'confirm', (count) =>
            t('confirm.paymentsN', { count }),
          )
        }
        approve={async (proof) => {
          if (!batch || !dialog) return;
          const next = await decideBatch(batch.id, dialog.action, proof);
          refresh(next);
          setDialog(null);
          notifySuccess(next.status === 'confirmed' ? t('confirm.waitingApproval') : t('confirm.started'));
        }}
        onClose={() => setDialog(null)}
        testId="bulk"
      />
    </Page>
  );
}
