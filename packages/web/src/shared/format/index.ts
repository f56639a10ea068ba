export {
  formatAccountNumber,
  formatAmount,
  formatBankCode,
  formatDate,
  formatDateTime,
  formatDateTimeShort,
  formatIban,
  formatNumber,
  formatSortCode,
  isNegativeAmount,
  isZeroAmount,
  minorOf,
  userTimeZone,
} from './format.ts';
export { useFormat } from './use-format.ts';
