import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { EXPORT_MAX_ROWS } from '@portal/domain';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_BASE, notifyError, timezoneOffsetMinutes, toApiError } from '../../../shared/api/index.ts';
import { useFormatters } from '../../../shared/i18n/format.ts';
import { getToken } from '../../../shared/session/index.ts';
import type { ListFilters } from '../api.ts';
import type { ServerWorkMode } from '../model.ts';

/** The CSV comes as a file, not JSON, so it is fetched directly and handed to the browser as a download. */
async function downloadCsv(workMode: ServerWorkMode, filters: ListFilters): Promise<void> {
  const token = getToken();
  const response = await fetch(`${API_BASE}/payments/export/${workMode}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/csv',
      Timezone: String(timezoneOffsetMinutes()),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(filters),
  });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => null));
  const blob = await response.blob();
  const name =
    /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
    `payments-${new Date().toISOString().slice(0, 10)}.csv`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
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
  const { number } = useFormatters();
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
