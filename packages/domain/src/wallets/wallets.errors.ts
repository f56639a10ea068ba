import { defineErrors, errorDef } from '../errors/define.ts';

/** Refusals of the accounts area (wallets, IBANs, statements, dashboard). */
export const walletErrors = defineErrors({
  WALLET_NOT_FOUND: errorDef(404, 'The account was not found or is not available.'),
  IBAN_FILTER_INVALID: errorDef(
    417,
    'The IBAN filter may contain only letters, digits, spaces and *; a full IBAN must be valid.',
  ),
  STATEMENT_PERIOD_INVALID: errorDef(417, 'The end of the period is before its start.'),
  STATEMENT_CURRENCY_UNKNOWN: errorDef(417, 'The account holds no {currency} balance.'),
  STATEMENT_FORMAT_CURRENCY: errorDef(
    417,
    'Bank statement formats carry ISO currencies only: choose PDF or CSV for {currency}.',
  ),
  STATEMENT_FAILED: errorDef(
    500,
    'The statement could not be prepared. Please contact support with request {requestId}.',
  ),
  PERIOD_REQUIRED: errorDef(417, 'Choose the month of the fee statement.'),
  PERIOD_FORMAT: errorDef(417, 'The period must be a month as MM/YYYY.'),
  PERIOD_BEFORE_FIRST: errorDef(417, 'Fee statements are available from January 2025.'),
  PERIOD_TOO_OLD: errorDef(417, 'Fee statements older than 3 years are not available.'),
  PERIOD_NOT_FINISHED: errorDef(417, 'The fee statement of a month is available after the month ends.'),
  PERIOD_NOT_YET_AVAILABLE: errorDef(
    417,
    "The previous month's fee statement is available after the 5th day of this month.",
  ),
  WIDGET_LAYOUT_INVALID: errorDef(417, 'Widgets overlap or do not fit on their slide.'),
  NO_RIGHTS_FOR_WIDGET: errorDef(403, 'No rights for widget'),
});
