import { ESCROW_TTL_HOURS } from '../enums/constants.ts';
import { type CurrencyCode, currencyExponent, isCurrencyCode } from '../money/currencies.ts';
import { validateAddress } from './address.ts';
import {
  assetOnNetwork,
  isOnchainAsset,
  isOnchainNetwork,
  type OnchainAsset,
  type OnchainNetwork,
  txIdMatches,
} from './assets.ts';

/** One refusal of an on-chain input: an error code of `onchainErrors`, its params and the field. */
export interface OnchainIssue {
  code:
    | 'ONCHAIN_ASSET_UNKNOWN'
    | 'ONCHAIN_NETWORK_UNSUPPORTED'
    | 'ONCHAIN_AMOUNT_REQUIRED'
    | 'ONCHAIN_AMOUNT_INVALID'
    | 'ONCHAIN_AMOUNT_ZERO'
    | 'ONCHAIN_AMOUNT_DECIMALS'
    | 'ONCHAIN_ADDRESS_REQUIRED'
    | 'ONCHAIN_ADDRESS_CHECKSUM'
    | 'ONCHAIN_ADDRESS_WRONG_NETWORK'
    | 'ONCHAIN_ADDRESS_WARNING'
    | 'ONCHAIN_TRX_ID_WARNING'
    | 'ESCROW_TTL_RANGE'
    | 'ESCROW_TRX_ID_REQUIRED';
  field: string;
  params: Record<string, string | number>;
  /** A warning the user may proceed past by confirming it (`accept_warnings`). */
  warning?: boolean;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issue: OnchainIssue };

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * An amount typed for `currency`: a plain decimal ('0.00004'), not 0, at most the currency's
 * decimals (8 for BTC, 18 for ETH, 6 for USDT/USDC, 2 for fiat). Returns minor units.
 */
export function checkOnchainAmount(text: string, currency: CurrencyCode, field: string): Checked<bigint> {
  const t = text.trim();
  if (t === '') return { ok: false, issue: { code: 'ONCHAIN_AMOUNT_REQUIRED', field, params: {} } };
  if (!DECIMAL.test(t)) return { ok: false, issue: { code: 'ONCHAIN_AMOUNT_INVALID', field, params: {} } };
  const exponent = currencyExponent(currency);
  const [whole = '0', fraction = ''] = t.split('.');
  if (fraction.length > exponent) {
    return {
      ok: false,
      issue: { code: 'ONCHAIN_AMOUNT_DECIMALS', field, params: { currency, max: exponent } },
    };
  }
  const minor = BigInt(whole + fraction.padEnd(exponent, '0'));
  if (minor === 0n) return { ok: false, issue: { code: 'ONCHAIN_AMOUNT_ZERO', field, params: {} } };
  return { ok: true, value: minor };
}

export function checkAssetNetwork(
  asset: string,
  network: string,
): Checked<{ asset: OnchainAsset; network: OnchainNetwork }> {
  if (!isOnchainAsset(asset))
    return { ok: false, issue: { code: 'ONCHAIN_ASSET_UNKNOWN', field: 'asset', params: { asset } } };
  if (!isOnchainNetwork(network) || !assetOnNetwork(asset, network)) {
    return {
      ok: false,
      issue: { code: 'ONCHAIN_NETWORK_UNSUPPORTED', field: 'network', params: { asset, network } },
    };
  }
  return { ok: true, value: { asset, network } };
}

/** Receiver address: errors refuse; a warning refuses unless the user accepted warnings. */
export function checkReceiver(
  network: OnchainNetwork,
  address: string,
  acceptWarnings: boolean,
  field = 'address',
): Checked<{ address: string; warning: string | null }> {
  const r = validateAddress(network, address);
  if (!r.ok) {
    const code =
      r.error === 'ADDRESS_REQUIRED'
        ? 'ONCHAIN_ADDRESS_REQUIRED'
        : r.error === 'ADDRESS_CHECKSUM'
          ? 'ONCHAIN_ADDRESS_CHECKSUM'
          : 'ONCHAIN_ADDRESS_WRONG_NETWORK';
    return { ok: false, issue: { code, field, params: { network, other: r.network ?? '' } } };
  }
  if (r.warning === 'ADDRESS_PATTERN_MISMATCH' && !acceptWarnings) {
    return {
      ok: false,
      issue: { code: 'ONCHAIN_ADDRESS_WARNING', field, params: { network }, warning: true },
    };
  }
  return { ok: true, value: { address: r.address, warning: r.warning } };
}

/** Trx ID of a deposit: its shape per network; a mismatch is a warning (spec §5). */
export function checkTrxId(network: OnchainNetwork, trxId: string, acceptWarnings: boolean): Checked<string> {
  const t = trxId.trim();
  if (t === '') return { ok: false, issue: { code: 'ESCROW_TRX_ID_REQUIRED', field: 'trx_id', params: {} } };
  if (!txIdMatches(network, t) && !acceptWarnings) {
    return {
      ok: false,
      issue: { code: 'ONCHAIN_TRX_ID_WARNING', field: 'trx_id', params: { network }, warning: true },
    };
  }
  return { ok: true, value: t };
}

/** Escrow TTL: whole hours 1-24 (spec §5, §9). */
export function checkEscrowTtl(hours: number): Checked<number> {
  if (!Number.isInteger(hours) || hours < ESCROW_TTL_HOURS.min || hours > ESCROW_TTL_HOURS.max) {
    return {
      ok: false,
      issue: { code: 'ESCROW_TTL_RANGE', field: 'ttl_hours', params: { ...ESCROW_TTL_HOURS } },
    };
  }
  return { ok: true, value: hours };
}

/** Funding currency of a transfer: the asset itself (crypto wallet) or EUR, GBP, USD. */
export function isFundingCurrency(asset: OnchainAsset, currency: string): boolean {
  return isCurrencyCode(currency) && (currency === asset || ['EUR', 'GBP', 'USD'].includes(currency));
}

/**
 * Converts between the fiat and the coin side at `rate` (coin price in fiat, as a decimal string),
 * exactly with bigints, rounding the computed side down so the user never gets more than paid for.
 */
export function convertAtRate(
  amount: bigint,
  from: 'fiat' | 'coin',
  rate: string,
  fiatExponent: number,
  coinExponent: number,
): bigint {
  const [w = '0', f = ''] = rate.split('.');
  const rateScaled = BigInt(w + f); // rate × 10^f.length
  const rateScale = 10n ** BigInt(f.length);
  if (rateScaled === 0n) return 0n;
  const fiatUnit = 10n ** BigInt(fiatExponent);
  const coinUnit = 10n ** BigInt(coinExponent);
  // fiat = coin × rate  (in major units)
  if (from === 'coin') return (amount * rateScaled * fiatUnit) / (coinUnit * rateScale);
  return (amount * rateScale * coinUnit) / (rateScaled * fiatUnit);
}
