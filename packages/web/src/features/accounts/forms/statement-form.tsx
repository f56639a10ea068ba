import { zodResolver } from '@hookform/resolvers/zod';
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  apiRoutes,
  DATE_FILTER_PERIODS,
  type DateFilterPeriod,
  resolvePeriod,
  STATEMENT_FORMATS,
  sortCurrencies,
} from '@portal/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { bodySchema } from '../lib/schema.ts';
import { useDownload } from '../lib/use-download.ts';
import { DownloadDialog } from './download-dialog.tsx';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A preset period as inclusive UTC dates (statements are in UTC, spec §5). */
export function presetDates(
  code: DateFilterPeriod,
  now = new Date(),
): { date_from: string; date_to: string } {
  const range = resolvePeriod(code, now, 0);
  // A period that runs into the future ('this year') stops at today: nothing is booked after it.
  const last = Math.min(range.to.getTime() - DAY_MS, now.getTime());
  return { date_from: isoDay(range.from), date_to: isoDay(new Date(last)) };
}

const PERIOD_CHOICES = [...DATE_FILTER_PERIODS, 'custom'] as const;
type PeriodChoice = (typeof PERIOD_CHOICES)[number];

// The route's request schema, plus the UI-only period preset.
const statementSchema = bodySchema(apiRoutes.walletStatement).extend({
  period: z.enum(PERIOD_CHOICES),
});
type StatementInput = z.input<typeof statementSchema>;
type StatementValues = z.output<typeof statementSchema>;

const DEFAULT_PERIOD: DateFilterPeriod = 'lastMonth';

export function StatementDialog({
  opened,
  onClose,
  walletUuid,
  walletName,
  currencies,
}: {
  opened: boolean;
  onClose: () => void;
  walletUuid: string;
  walletName: string;
  currencies: string[];
}) {
  const { t } = useTranslation('wallets');
  const download = useDownload();
  const form = useForm<StatementInput, unknown, StatementValues>({
    resolver: zodResolver(statementSchema),
    defaultValues: {
      wallet_uuid: walletUuid,
      format: 'pdf',
      period: DEFAULT_PERIOD,
      ...presetDates(DEFAULT_PERIOD),
    },
  });

  const submit = form.handleSubmit(async ({ period: _period, ...body }) => {
    const name = `statement-${walletName}-${body.date_from}-${body.date_to}.${body.format === 'camt053' ? 'xml' : body.format === 'mt940' ? 'sta' : body.format}`;
    await download.start(apiRoutes.walletStatement, { body, fallbackName: name });
  });

  return (
    <DownloadDialog
      opened={opened}
      onClose={onClose}
      title={t('statement.title', { name: walletName })}
      size="lg"
      note={t('statement.utcNote')}
      download={download}
      onSubmit={(event) => void submit(event)}
      testId="statement-form"
      submitLabel={t('statement.download')}
      submitTestId="statement-download"
    >
      <Controller
        control={form.control}
        name="period"
        render={({ field }) => (
          <Select
            label={t('statement.period')}
            data={PERIOD_CHOICES.map((value) => ({
              value,
              label: value === 'custom' ? t('statement.customPeriod') : t(`dates:periods.${value}`),
            }))}
            value={field.value}
            allowDeselect={false}
            onChange={(value) => {
              const choice = PERIOD_CHOICES.find((c) => c === value) as PeriodChoice | undefined;
              if (!choice) return;
              field.onChange(choice);
              if (choice !== 'custom') {
                const dates = presetDates(choice);
                form.setValue('date_from', dates.date_from, { shouldValidate: true });
                form.setValue('date_to', dates.date_to, { shouldValidate: true });
              }
            }}
            data-testid="statement-period"
          />
        )}
      />
      <DatePickerInput
        type="range"
        label={t('statement.dates')}
        valueFormat="D MMM YYYY"
        value={[form.watch('date_from') || null, form.watch('date_to') || null]}
        onChange={([from, to]) => {
          form.setValue('period', 'custom');
          form.setValue('date_from', from ?? '', { shouldValidate: Boolean(from) });
          form.setValue('date_to', to ?? '', { shouldValidate: Boolean(to) });
        }}
        maxDate={new Date()}
        allowSingleDateInRange
        error={
          form.formState.errors.date_from || form.formState.errors.date_to
            ? t('statement.datesError')
            : undefined
        }
        disabled={download.isRunning}
        data-testid="statement-dates"
      />
      <Controller
        control={form.control}
        name="format"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('statement.format')}
            </Text>
            <SegmentedControl
              data={STATEMENT_FORMATS.map((value) => ({ value, label: t(`statement.formats.${value}`) }))}
              value={field.value ?? 'pdf'}
              onChange={field.onChange}
              fullWidth
              data-testid="statement-format"
            />
          </Stack>
        )}
      />
      {currencies.length > 1 ? (
        <Controller
          control={form.control}
          name="currency"
          render={({ field }) => (
            <Select
              label={t('statement.currency')}
              placeholder={t('statement.allCurrencies')}
              data={sortCurrencies(currencies)}
              value={field.value ?? null}
              onChange={(value) => field.onChange(value ?? undefined)}
              clearable
            />
          )}
        />
      ) : null}
    </DownloadDialog>
  );
}
