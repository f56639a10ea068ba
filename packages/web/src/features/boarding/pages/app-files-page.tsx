import { ActionIcon, Alert, Group, Select, Skeleton } from '@mantine/core';
import type { FileView } from '@portal/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/index.ts';
import { EmptyState, ListPager, Page, usePhone } from '../../../shared/ui/index.ts';
import { useFileResult, useFiles, useRunFileVerification } from '../api.ts';
import type { AppFileActionHandlers } from '../components/app-file-actions.tsx';
import { FileCards } from '../components/app-file-cards.tsx';
import { AppFileCommentModal } from '../components/app-file-comment-modal.tsx';
import { AppFileUpload } from '../components/app-file-upload.tsx';
import { FilesTable } from '../components/app-files-table.tsx';
import { useFileTypeOptions } from '../hooks/use-file-type-options.ts';

const ROWS = 10;

/** `appfiles`: upload by type (only .pdf and .csv), uploaded files with statuses, verification actions. */
export function AppFilesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const canWrite = session.hasScope('appfiles/write');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filterType = params.get('type') ?? undefined;
  const [commenting, setCommenting] = useState<FileView | null>(null);
  const files = useFiles(page, ROWS, filterType);
  const runVerification = useRunFileVerification();
  const getResult = useFileResult();
  const isPhone = usePhone();
  const typeOptions = useFileTypeOptions();

  const setQuery = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) v ? merged.set(k, v) : merged.delete(k);
    setParams(merged, { replace: true });
  };
  const actions: AppFileActionHandlers = {
    canWrite,
    onVerify: (id) => runVerification.mutate({ params: { id } }),
    onResult: (id) => getResult.mutate({ params: { id } }),
    onComment: setCommenting,
  };
  const data = files.data;
  const total = data?.total ?? 0;

  return (
    <Page title={t('files:page.title')} description={t('files:page.description')}>
      {data && data.missing_types.length > 0 ? (
        <Alert color="orange" variant="light" data-testid="missing-types">
          {t('files:missing', { types: data.missing_types.map((x) => t(`files:types.${x}`)).join(', ') })}
        </Alert>
      ) : null}
      {canWrite ? <AppFileUpload typeOptions={typeOptions} /> : null}
      <Group justify="space-between">
        <Select
          placeholder={t('files:filterAll')}
          data={typeOptions}
          value={filterType ?? null}
          onChange={(value) => setQuery({ type: value ?? undefined, page: undefined })}
          clearable
          w={isPhone ? undefined : 280}
          style={isPhone ? { flex: 1 } : undefined}
          aria-label={t('files:filter')}
        />
        <ActionIcon variant="subtle" aria-label={t('files:refresh')} onClick={() => void files.refetch()}>
          <IconRefresh size={18} />
        </ActionIcon>
      </Group>
      {files.isLoading ? (
        <Skeleton h={240} radius="md" />
      ) : !data || data.files.length === 0 ? (
        <EmptyState title={t('files:empty.title')} description={t('files:empty.description')} />
      ) : isPhone ? (
        <FileCards files={data.files} {...actions} />
      ) : (
        <FilesTable files={data.files} {...actions} />
      )}
      <ListPager total={total} pageSize={ROWS} page={page} onPage={(p) => setQuery({ page: String(p) })} />
      <AppFileCommentModal file={commenting} onClose={() => setCommenting(null)} />
    </Page>
  );
}
