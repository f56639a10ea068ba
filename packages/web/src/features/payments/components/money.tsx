import { Text, type TextProps } from '@mantine/core';
import { formatMoney, isCurrencyCode, tryToMinor } from '@portal/domain';
import { useFormatters } from '../../../shared/i18n/format.ts';

/** Decimal string + currency → the locale's money text, exactly (domain `formatMoney`, bigint). */
export function formatAmount(amount: string | null | undefined, currency: string, locale: string): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  if (!isCurrencyCode(currency)) return `${amount} ${currency}`;
  const minor = tryToMinor(amount, currency);
  return minor.ok ? formatMoney(minor.value, currency, locale) : `${amount} ${currency}`;
}

/** Whether a decimal string is negative, without turning it into a number. */
export const isNegativeAmount = (amount: string | null | undefined): boolean =>
  !!amount && amount.trim().startsWith('-') && !/^-0*(\.0*)?$/.test(amount.trim());

export function Money({
  amount,
  currency,
  colored,
  ...rest
}: { amount: string | null | undefined; currency: string; colored?: boolean } & TextProps) {
  const { locale } = useFormatters();
  const negative = isNegativeAmount(amount);
  return (
    <Text
      span
      ff="monospace"
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      c={colored ? (negative ? 'red' : 'teal') : undefined}
      {...rest}
    >
      {formatAmount(amount, currency, locale)}
    </Text>
  );
}
