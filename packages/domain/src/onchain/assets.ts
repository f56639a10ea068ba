import { currencyExponent } from '../money/currencies.ts';

/** Crypto assets of on-chain transfers and escrow deals; exponents come from the currency table. */
export const ONCHAIN_ASSETS = ['BTC', 'ETH', 'USDT', 'USDC'] as const;
export type OnchainAsset = (typeof ONCHAIN_ASSETS)[number];

export const ONCHAIN_NETWORKS = ['bitcoin', 'ethereum', 'tron'] as const;
export type OnchainNetwork = (typeof ONCHAIN_NETWORKS)[number];

/** Networks each asset moves on (USDT as ERC-20 and TRC-20, USDC as ERC-20). */
export const ASSET_NETWORKS = {
  BTC: ['bitcoin'],
  ETH: ['ethereum'],
  USDT: ['ethereum', 'tron'],
  USDC: ['ethereum'],
} as const satisfies Record<OnchainAsset, readonly OnchainNetwork[]>;

export interface NetworkRules {
  label: string;
  /** Confirmations after which a transfer counts as settled (docs/decisions.md "On-chain"). */
  requiredConfirmations: number;
  /** Seconds between blocks in the simulator (the real chains: 600, 12, 3). */
  simBlockSeconds: number;
  /** Shape of a transaction id on this network. */
  txIdPattern: RegExp;
  txIdExample: string;
}

export const NETWORKS: Record<OnchainNetwork, NetworkRules> = {
  bitcoin: {
    label: 'Bitcoin',
    requiredConfirmations: 3,
    simBlockSeconds: 4,
    txIdPattern: /^[0-9a-f]{64}$/i,
    txIdExample: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
  },
  ethereum: {
    label: 'Ethereum',
    requiredConfirmations: 12,
    simBlockSeconds: 1,
    txIdPattern: /^0x[0-9a-f]{64}$/i,
    txIdExample: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
  },
  tron: {
    label: 'Tron',
    requiredConfirmations: 19,
    simBlockSeconds: 1,
    txIdPattern: /^[0-9a-f]{64}$/i,
    txIdExample: '8c8f8b0e6f1c6b5f1e0b7c2a6b4d5e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d',
  },
};

/**
 * Network fee estimate per asset and network, in the asset's minor units: what the provider
 * charges for broadcasting (it pays the chain's gas or miner fee itself). Fixed estimates, so
 * the fee the user confirms is the fee charged (docs/decisions.md "On-chain", fee model).
 */
export const NETWORK_FEES: Record<OnchainAsset, Partial<Record<OnchainNetwork, bigint>>> = {
  BTC: { bitcoin: 2_000n }, // 0.00002 BTC
  ETH: { ethereum: 500_000_000_000_000n }, // 0.0005 ETH
  USDT: { ethereum: 3_000_000n, tron: 1_000_000n }, // 3 USDT, 1 USDT
  USDC: { ethereum: 3_000_000n }, // 3 USDC
};

export const isOnchainAsset = (v: string): v is OnchainAsset =>
  (ONCHAIN_ASSETS as readonly string[]).includes(v);
export const isOnchainNetwork = (v: string): v is OnchainNetwork =>
  (ONCHAIN_NETWORKS as readonly string[]).includes(v);

/** Whether the asset moves on the network. */
export function assetOnNetwork(asset: OnchainAsset, network: OnchainNetwork): boolean {
  const list: readonly OnchainNetwork[] = ASSET_NETWORKS[asset];
  return list.includes(network);
}

export function networkFee(asset: OnchainAsset, network: OnchainNetwork): bigint {
  const fee = NETWORK_FEES[asset][network];
  if (fee === undefined) throw new Error(`${asset} does not move on ${network}`);
  return fee;
}

export const assetExponent = (asset: OnchainAsset): number => currencyExponent(asset);

/** Fiat currencies an on-chain transfer may be funded from and an escrow deal valued in (spec §9). */
export const ONCHAIN_FIAT = ['EUR', 'GBP', 'USD'] as const;
export type OnchainFiat = (typeof ONCHAIN_FIAT)[number];

/** Trx ID shape check; a mismatch is a warning the user may proceed past (spec §5). */
export function txIdMatches(network: OnchainNetwork, txId: string): boolean {
  return NETWORKS[network].txIdPattern.test(txId.trim());
}
