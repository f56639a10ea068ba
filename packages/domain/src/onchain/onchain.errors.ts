import { defineErrors, errorDef } from '../errors/define.ts';

/** Refusals of on-chain transfers, crypto wallets and escrow deals (spec §8 wording where it has one). */
export const onchainErrors = defineErrors({
  ONCHAIN_NO_RIGHTS: errorDef(403, 'No rights to make Onchain transfers'),
  ONCHAIN_CREATED_NOT_APPROVED: errorDef(
    422,
    'The onchain transfer was created but not approved. Code {reason_code}: {reason}',
  ),
  ONCHAIN_ASSET_UNKNOWN: errorDef(417, '{asset} is not a supported crypto asset.'),
  ONCHAIN_NETWORK_UNSUPPORTED: errorDef(417, '{asset} cannot be sent on the {network} network.'),
  ONCHAIN_AMOUNT_REQUIRED: errorDef(417, 'Enter the fiat amount or the coin amount.'),
  ONCHAIN_AMOUNT_INVALID: errorDef(417, 'The amount must be a decimal number such as 0.00004.'),
  ONCHAIN_AMOUNT_ZERO: errorDef(417, 'The amount must not be 0.'),
  ONCHAIN_AMOUNT_DECIMALS: errorDef(417, '{currency} amounts have at most {max} decimals.'),
  ONCHAIN_FUNDING_CURRENCY: errorDef(
    417,
    'A transfer of {asset} is paid from a {asset}, EUR, GBP or USD wallet, not {currency}.',
  ),
  ONCHAIN_ADDRESS_REQUIRED: errorDef(417, 'Enter the receiver address.'),
  ONCHAIN_ADDRESS_CHECKSUM: errorDef(
    417,
    'The {network} address has a broken checksum: a character is wrong. Check the address.',
  ),
  ONCHAIN_ADDRESS_WRONG_NETWORK: errorDef(
    417,
    'This is a {other} address; it cannot receive on the {network} network.',
  ),
  ONCHAIN_ADDRESS_WARNING: errorDef(
    417,
    'The address does not look like a {network} address. Check it and confirm to proceed.',
  ),
  ONCHAIN_TRX_ID_WARNING: errorDef(
    417,
    'The Trx ID does not look like a {network} transaction id. Check it and confirm to proceed.',
  ),
  ONCHAIN_RATE_UNAVAILABLE: errorDef(424, 'No exchange rate for {base}/{quote} right now. Please try again.'),
  ONCHAIN_QUOTE_EXPIRED: errorDef(417, 'Exchange rate expired. Please refresh the rate.'),
  ONCHAIN_NODE_UNAVAILABLE: errorDef(
    424,
    'There is a connection problem with the {network} node. Nothing was sent; please try again.',
  ),
  ONCHAIN_TRANSFER_NOT_FOUND: errorDef(404, 'The onchain transfer was not found.'),
  ONCHAIN_WALLET_NOT_FOUND: errorDef(404, 'The wallet was not found.'),
  ONCHAIN_SIM_ADDRESS_NOT_FOUND: errorDef(
    404,
    'The address is neither a deposit address nor an escrow deal address of the company named.',
  ),
  ONCHAIN_ACTION_NOT_ALLOWED: errorDef(
    417,
    'Action failed: a transfer in status {status} cannot be {action}.',
  ),
  ESCROW_TTL_RANGE: errorDef(417, 'TTL must be a whole number of hours from {min} to {max}.'),
  ESCROW_TRX_ID_REQUIRED: errorDef(417, 'Enter the Trx ID of the deposit.'),
  ESCROW_DEAL_NOT_FOUND: errorDef(404, 'The escrow deal was not found.'),
  ESCROW_ACTION_NOT_ALLOWED: errorDef(417, 'Action failed: a deal in status {status} cannot be {action}.'),
  ESCROW_TRX_NOT_FOUND: errorDef(417, 'No {network} deposit with this Trx ID to the deal address was found.'),
  ESCROW_TRX_USED: errorDef(409, 'This Trx ID is already matched to another deal.'),
  ESCROW_DEPOSIT_UNCONFIRMED: errorDef(
    417,
    'The deposit has {confirmations} of {required} confirmations. Please try again later.',
  ),
});
