import { defineErrors } from '../errors/define.ts';

/** Refusals of on-chain transfers, crypto wallets and escrow deals (spec §8 wording where it has one). */
export const onchainErrors = defineErrors({
  ONCHAIN_NO_RIGHTS: { status: 403, message: 'No rights to make Onchain transfers' },
  ONCHAIN_CREATED_NOT_APPROVED: {
    status: 422,
    message: 'The onchain transfer was created but not approved. Code {reason_code}: {reason}',
  },
  ONCHAIN_ASSET_UNKNOWN: { status: 417, message: '{asset} is not a supported crypto asset.' },
  ONCHAIN_NETWORK_UNSUPPORTED: { status: 417, message: '{asset} cannot be sent on the {network} network.' },
  ONCHAIN_AMOUNT_REQUIRED: { status: 417, message: 'Enter the fiat amount or the coin amount.' },
  ONCHAIN_AMOUNT_INVALID: { status: 417, message: 'The amount must be a decimal number such as 0.00004.' },
  ONCHAIN_AMOUNT_ZERO: { status: 417, message: 'The amount must not be 0.' },
  ONCHAIN_AMOUNT_DECIMALS: { status: 417, message: '{currency} amounts have at most {max} decimals.' },
  ONCHAIN_FUNDING_CURRENCY: {
    status: 417,
    message: 'A transfer of {asset} is paid from a {asset}, EUR, GBP or USD wallet, not {currency}.',
  },
  ONCHAIN_ADDRESS_REQUIRED: { status: 417, message: 'Enter the receiver address.' },
  ONCHAIN_ADDRESS_CHECKSUM: {
    status: 417,
    message: 'The {network} address has a broken checksum: a character is wrong. Check the address.',
  },
  ONCHAIN_ADDRESS_WRONG_NETWORK: {
    status: 417,
    message: 'This is a {other} address; it cannot receive on the {network} network.',
  },
  ONCHAIN_ADDRESS_WARNING: {
    status: 417,
    message: 'The address does not look like a {network} address. Check it and confirm to proceed.',
  },
  ONCHAIN_TRX_ID_WARNING: {
    status: 417,
    message: 'The Trx ID does not look like a {network} transaction id. Check it and confirm to proceed.',
  },
  ONCHAIN_RATE_UNAVAILABLE: {
    status: 424,
    message: 'No exchange rate for {base}/{quote} right now. Please try again.',
  },
  ONCHAIN_QUOTE_EXPIRED: { status: 417, message: 'Exchange rate expired. Please refresh the rate.' },
  ONCHAIN_NODE_UNAVAILABLE: {
    status: 424,
    message: 'There is a connection problem with the {network} node. Nothing was sent; please try again.',
  },
  ONCHAIN_TRANSFER_NOT_FOUND: { status: 404, message: 'The onchain transfer was not found.' },
  ONCHAIN_WALLET_NOT_FOUND: { status: 404, message: 'The wallet was not found.' },
  ONCHAIN_ACTION_NOT_ALLOWED: {
    status: 417,
    message: 'Action failed: a transfer in status {status} cannot be {action}.',
  },
  ESCROW_TTL_RANGE: { status: 417, message: 'TTL must be a whole number of hours from {min} to {max}.' },
  ESCROW_TRX_ID_REQUIRED: { status: 417, message: 'Enter the Trx ID of the deposit.' },
  ESCROW_DEAL_NOT_FOUND: { status: 404, message: 'The escrow deal was not found.' },
  ESCROW_ACTION_NOT_ALLOWED: {
    status: 417,
    message: 'Action failed: a deal in status {status} cannot be {action}.',
  },
  ESCROW_TRX_NOT_FOUND: {
    status: 417,
    message: 'No {network} deposit with this Trx ID to the deal address was found.',
  },
  ESCROW_TRX_USED: { status: 409, message: 'This Trx ID is already matched to another deal.' },
  ESCROW_DEPOSIT_UNCONFIRMED: {
    status: 417,
    message: 'The deposit has {confirmations} of {required} confirmations. Please try again later.',
  },
});
