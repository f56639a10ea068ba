import { defineErrors, errorDef } from '../errors/define.ts';

/** Refusals of a transfer between the company's own wallets (issue 35); amounts use the money codes. */
export const walletTransferErrors = defineErrors({
  TRANSFER_SAME_WALLET: errorDef(
    417,
    'Choose two different accounts: money cannot move to the account it leaves.',
  ),
  TRANSFER_CURRENCY_MISMATCH: errorDef(
    417,
    'Both accounts must hold {currency}: money moves only between accounts of the same currency.',
  ),
});
