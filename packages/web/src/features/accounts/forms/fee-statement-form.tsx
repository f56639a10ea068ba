import { zodResolver } from '@hookform/resolvers/zod';
import { SegmentedControl } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import {
  apiRoutes,
  FEE_STATEMENT_FIRST_PERIOD,
  FEE_STATEMENT_LOOKBACK_YEARS,
  validateFeeStatementPeriod,
} from '@portal/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { bodySchema } from '../lib/schema.ts';
import { useDownload } from '../lib/use-download.ts';
import { DownloadDialog } from './download-dialog.tsx';

// The route's request schema; the MM/YYYY window is the domain's rule, its code becomes the message.
const feeSchema = bodySchema(apiRoutes.walletFeeStatement).superRefine((value, ctx) => {
  const check = validateFeeStatementPeriod(value.period, new Date());
  if (!check.ok) ctx.addIssue({ code: 'custom', path: ['period'], message: check.error });
});
type FeeInput = z.input<typeof feeSchema>;
type FeeValues = z.output<typeof feeSchema>;

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD' of the month picker → 'MM/YYYY' of the API. */
const toPeriod = (value: string | null): string => (value ? `${value.slice(5, 7)}/${value.slice(0, 4)}` : '');
const fromPeriod = (period: string): string | null => {
  const match = /^(\d{2})\/(\d{4})$/.exec(period);
  return match ? `${match[2]}-${match[1]}-01` : null;
};

/** The latest month the domain rule allows now, as the picker's upper bound and default. */
function latestAvailable(now: Date): string {
  for (let back = 1; back <= 2; back++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const period = `${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
    if (validateFeeStatementPeriod(period, now).ok) return period;
  }
  return '';
}

export function FeeStatementDialog({
  opened,
  onClose,
  walletUuid,
  walletName,
}: {
  opened: boolean;
  onClose: () => void;
  walletUuid: string;
  walletName: string;
}) {
  const { t } = useTranslation('wallets');
  const download = useDownload();
  const now = new Date();
  const latest = latestAvailable(now);
  const form = useForm<FeeInput, unknown, FeeValues>({
    resolver: zodResolver(feeSchema),
    defaultValues: { wallet_uuid: walletUuid, period: latest, format: 'pdf' },
  });
  const oldest = new Date(
    Date.UTC(now.getUTCFullYear() - FEE_STATEMENT_LOOKBACK_YEARS, now.getUTCMonth(), 1),
  );
  const first = new Date(Date.UTC(FEE_STATEMENT_FIRST_PERIOD.year, FEE_STATEMENT_FIRST_PERIOD.month - 1, 1));
  const minDate = (oldest > first ? oldest : first).toISOString().slice(0, 10);
  const maxDate = fromPeriod(latest) ?? undefined;
  const periodError = form.formState.errors.period?.message;

  const submit = form.handleSubmit(async (body) => {
    const name = `fee-statement-${walletName}-${body.period.replace('/', '-')}.${body.format}`;
    await download.start(apiRoutes.walletFeeStatement, { body, fallbackName: name });
  });

  return (
    <DownloadDialog
      opened={opened}
      onClose={onClose}
      title={t('feeStatement.title', { name: walletName })}
      note={t('feeStatement.rules')}
      download={download}
      onSubmit={(event) => void submit(event)}
      testId="fee-statement-form"
      submitLabel={t('feeStatement.download')}
    >
      <Controller
        control={form.control}
        name="period"
        render={({ field }) => (
          <MonthPickerInput
            label={t('feeStatement.period')}
            placeholder={t('feeStatement.periodPlaceholder')}
            valueFormat="MM/YYYY"
            value={fromPeriod(field.value)}
            onChange={(value) => field.onChange(toPeriod(value))}
            minDate={minDate}
            maxDate={maxDate}
            error={periodError ? t(`errors:${periodError}`) : undefined}
            data-testid="fee-period"
          />
        )}
      />
      <Controller
        control={form.control}
        name="format"
        render={({ field }) => (
          <SegmentedControl
            data={[
              { value: 'pdf', label: t('statement.formats.pdf') },
              { value: 'csv', label: t('statement.formats.csv') },
            ]}
            value={field.value ?? 'pdf'}
            onChange={field.onChange}
          />
        )}
      />
    </DownloadDialog>
  );
}
