import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { apiRoutes, EXPORT_MAX_ROWS } from '@portal/domain';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadAndSave, notifyError } from '../../../shared/api/index.ts';
import { useFormat } from '../../../shared/format/index.ts';
import type { ListFilters } from '../api.ts';
import type { ServerWorkMode } from '../model.ts';

/** The CSV of the filtered list (`apiRoutes.exportPayments`), saved under the server's file name. */
async function downloadCsv(workMode: ServerWorkMode, filters: ListFilters): Promise<void> {
  await downloadAndSave(apiRoutes.exportPayments, {
    params: { workMode },
    body: filters,
    accept: 'text/csv',
    fallbackName: `payments-${new Date().toISOString().slice(0, 10)}.csv`,
  });
}

/** CSV export of the filtered list; over the limit it asks to export the first rows only (spec §5). */
export function ExportButton({
  workMode,
  filters,
  total,
}: {
  workMode: ServerWorkMode;
  filters: ListFilters;
  total: number;
}) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const exporter = useMutation({
    mutationFn: () => downloadCsv(workMode, filters),
    onError: (error) => notifyError(error, t),
  });
  const onClick = () => {
    if (total <= EXPORT_MAX_ROWS) {
      exporter.mutate();
      return;
    }
    modals.openConfirmModal({
      title: t('payments:export.limitTitle'),
      children: t('payments:export.limitText', { total: number(total), max: number(EXPORT_MAX_ROWS) }),
      labels: {
        confirm: t('payments:export.limitConfirm', { max: number(EXPORT_MAX_ROWS) }),
        cancel: t('common:actions.cancel'),
      },
      onConfirm: () => exporter.mutate(),
    });
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={exporter.isPending}
      disabled={total === 0}
      onClick={onClick}
      data-testid="export-csv"
    >
      {t('payments:export.button')}
    </Button>
  );
}
