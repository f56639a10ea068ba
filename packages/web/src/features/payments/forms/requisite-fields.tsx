import { Alert, Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { BECS_BANKS_REFERENCE, becsBankOf, formatField, type RequisiteSpec } from '@portal/domain';
import { IconAlertTriangle, IconBuildingBank } from '@tabler/icons-react';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReferenceValues } from '../../../shared/references/index.ts';
import { RequisiteInput } from '../components/requisite-input.tsx';
import type { PayoutFormValues } from './payout-form-model.ts';

export interface IbanCheckState {
  error: { code: string; message: string } | null;
  warnings: { code: string; message: string }[];
  bank: { bic: string; name: string; country: string } | null;
}

/** The requisite fields the chosen method needs (domain `METHOD_REQUISITES`), with their formats. */
export function RequisiteFields({
  specs,
  control,
  errors,
  ibanCheck,
  intermediaryBank,
  onIbanBlur,
  onIntermediaryBlur,
  onUseBic,
  ibanCountryOf,
  methodName,
}: {
  specs: readonly RequisiteSpec[];
  control: Control<PayoutFormValues>;
  errors: FieldErrors<PayoutFormValues>;
  ibanCheck: IbanCheckState | null;
  intermediaryBank: string | null;
  onIbanBlur: () => void;
  onIntermediaryBlur: () => void;
  onUseBic: (bic: string) => void;
  /** For the warning texts: the IBAN's country and the method's label. */
  ibanCountryOf: string;
  methodName: string;
}) {
  const { t } = useTranslation();
  // BECS: the BSB's bank by its AusPayNet prefix (reference list); unknown prefix → a warning only.
  const becsBanks = useReferenceValues(
    BECS_BANKS_REFERENCE,
    specs.some((s) => s.field === 'bsb'),
  );
  const bsbHint = (value: string) => {
    if (!becsBanks || value.replace(/\D/g, '').length !== 6) return undefined;
    const bank = becsBankOf(value, becsBanks);
    return bank ? (
      <span data-testid="bsb-bank">{bank.bank}</span>
    ) : (
      <Text span size="xs" c="yellow.8" data-testid="bsb-unknown">
        {t('payments:checks.bsbUnknown')}
      </Text>
    );
  };
  const payee = specs.find((s) => s.field === 'payee');
  const others = specs.filter((s) => s.field !== 'payee');
  const render = (spec: RequisiteSpec) => (
    <Controller
      key={spec.field}
      control={control}
      name={`requisites.${spec.field}`}
      render={({ field }) => (
        <RequisiteInput
          label={t(`payments:fields.${spec.field}`)}
          placeholder={t(`payments:placeholders.${spec.field}`)}
          format={spec.format}
          maxLength={spec.maxLength}
          withAsterisk={spec.required}
          value={field.value}
          onChange={field.onChange}
          onBlur={() => {
            field.onBlur();
            if (spec.field === 'iban') onIbanBlur();
            if (spec.field === 'bankSwiftCode') onIntermediaryBlur();
          }}
          error={errors.requisites?.[spec.field]?.message}
          description={
            spec.field === 'bankSwiftCode' && intermediaryBank
              ? intermediaryBank
              : spec.field === 'bsb'
                ? bsbHint(field.value)
                : undefined
          }
          data-field={spec.field}
        />
      )}
    />
  );
  if (specs.length === 0) return null;
  const warningParams = { name: ibanCheck?.bank?.name ?? '', country: ibanCountryOf, method: methodName };
  return (
    <Stack gap="sm">
      {payee ? render(payee) : null}
      <SimpleGrid cols={{ base: 1, sm: others.length > 1 ? 2 : 1 }} spacing="sm">
        {others.map(render)}
      </SimpleGrid>
      {ibanCheck?.bank ? (
        <Group gap={6} data-testid="iban-bank">
          <IconBuildingBank size={16} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {t('payments:checks.bank', { name: ibanCheck.bank.name, bic: ibanCheck.bank.bic })}
          </Text>
          {specs.some((s) => s.field === 'bic') ? (
            <Anchor
              size="sm"
              component="button"
              type="button"
              onClick={() => onUseBic(ibanCheck.bank?.bic ?? '')}
            >
              {t('payments:checks.useBic', { bic: ibanCheck.bank.bic })}
            </Anchor>
          ) : null}
        </Group>
      ) : null}
      {ibanCheck?.warnings.map((w) => (
        <Alert
          key={w.code}
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="reachability-warning"
        >
          {t(`payments:checks.warnings.${w.code}`, { ...warningParams, defaultValue: w.message })}
          <Text size="xs" c="dimmed" mt={4}>
            {t('payments:checks.warningAllowed')}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}

/** Display form of a stored value for a field (templates, copies). */
export const displayValue = (spec: RequisiteSpec, value: string): string =>
  spec.format ? formatField(spec.format, value) : value;
