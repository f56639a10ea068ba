import { defineErrors, errorDef } from '../errors/define.ts';

/** Refusals of the ledger; payments and FX surface them unchanged. */
export const ledgerErrors = defineErrors({
  INSUFFICIENT_FUNDS: errorDef(422, 'Insufficient balance on the account.'),
  WALLET_NOT_ACTIVE: errorDef(422, 'The account is {status}: no money can leave it.'),
  WALLET_CLOSED: errorDef(422, 'The account is closed.'),
  LEDGER_REFERENCE_CONFLICT: errorDef(
    409,
    'An entry with this reference was already posted with different amounts.',
  ),
  HOLD_NOT_OPEN: errorDef(409, 'The reserved amount was already released or settled.'),
  ENTRY_ALREADY_REVERSED: errorDef(409, 'This entry was already reversed.'),
});
