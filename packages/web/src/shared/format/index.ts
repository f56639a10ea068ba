export {
  formatAccountNumber,
  formatAmount,
  formatBankCode,
  formatBytes,
  formatDate,
  formatDateTime,
  formatDateTimeShort,
  formatIban,
  formatMinorAmount,
  formatNumber,
  formatSortCode,
  isNegativeAmount,
  isZeroAmount,
  minorOf,
  userTimeZone,
} from './format.ts';
export { useFormat } from './use-format.ts';
