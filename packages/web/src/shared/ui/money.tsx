import { Text, type TextProps } from '@mantine/core';
import { formatAmount, isNegativeAmount, useFormat } from '../format/index.ts';

export { formatAmount, isNegativeAmount };

export function Money({
  amount,
  currency,
  colored,
  ...rest
}: { amount: string | null | undefined; currency: string; colored?: boolean } & TextProps) {
  const { locale } = useFormat();
  const negative = isNegativeAmount(amount, currency);
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
