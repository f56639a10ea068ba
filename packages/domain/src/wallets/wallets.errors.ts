import { defineErrors } from '../errors/define.ts';

/** Refusals of the accounts area (wallets, IBANs, statements, dashboard). */
export const walletErrors = defineErrors({
  WALLET_NOT_FOUND: { status: 404, message: 'The account was not found or is not available.' },
  IBAN_FILTER_INVALID: {
    status: 417,
    message: 'The IBAN filter may contain only letters, digits, spaces and *; a full IBAN must be valid.',
  },
  STATEMENT_PERIOD_INVALID: { status: 417, message: 'The end of the period is before its start.' },
  STATEMENT_CURRENCY_UNKNOWN: { status: 417, message: 'The account holds no {currency} balance.' },
  STATEMENT_FAILED: {
    status: 500,
    message: 'The statement could not be prepared. Please contact support with request {requestId}.',
  },
  PERIOD_REQUIRED: { status: 417, message: 'Choose the month of the fee statement.' },
  PERIOD_FORMAT: { status: 417, message: 'The period must be a month as MM/YYYY.' },
  PERIOD_BEFORE_FIRST: { status: 417, message: 'Fee statements are available from January 2025.' },
  PERIOD_TOO_OLD: { status: 417, message: 'Fee statements older than 3 years are not available.' },
  PERIOD_NOT_FINISHED: {
    status: 417,
    message: 'The fee statement of a month is available after the month ends.',
  },
  PERIOD_NOT_YET_AVAILABLE: {
    status: 417,
    message: "The previous month's fee statement is available after the 5th day of this month.",
  },
  WIDGET_LAYOUT_INVALID: { status: 417, message: 'Widgets overlap or do not fit on their slide.' },
  NO_RIGHTS_FOR_WIDGET: { status: 403, message: 'No rights for widget' },
});
