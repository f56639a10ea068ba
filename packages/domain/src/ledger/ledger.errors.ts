import { defineErrors } from '../errors/define.ts';

/** Refusals of the ledger; payments and FX surface them unchanged. */
export const ledgerErrors = defineErrors({
  INSUFFICIENT_FUNDS: { status: 422, message: 'Insufficient balance on the account.' },
  WALLET_NOT_ACTIVE: { status: 422, message: 'The account is {status}: no money can leave it.' },
  WALLET_CLOSED: { status: 422, message: 'The account is closed.' },
  LEDGER_REFERENCE_CONFLICT: {
    status: 409,
    message: 'An entry with this reference was already posted with different amounts.',
  },
  HOLD_NOT_OPEN: { status: 409, message: 'The reserved amount was already released or settled.' },
  ENTRY_ALREADY_REVERSED: { status: 409, message: 'This entry was already reversed.' },
});
