export {
  formatAccountNumber,
  formatAmount,
  formatBankCode,
  formatBytes,
  formatDate,
  formatDateTime,
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
