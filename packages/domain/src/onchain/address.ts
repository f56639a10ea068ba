import { ONCHAIN_NETWORKS, type OnchainNetwork } from './assets.ts';
import { base58CheckDecode, segwitDecode, toChecksumAddress } from './encodings.ts';

/**
 * Receiver address check of one network. Errors stop the transfer; a warning is shown and the
 * user may proceed past it (spec §5: a pattern mismatch is a warning allowing proceed).
 *
 * - ADDRESS_CHECKSUM (error): the text has the network's shape but its checksum is broken
 *   (base58check, bech32/bech32m, EIP-55 mixed case): one typo away from a valid address.
 * - ADDRESS_WRONG_NETWORK (error): a valid address of another network (a Tron address for an
 *   ERC-20 transfer): coins sent there are lost.
 * - ADDRESS_PATTERN_MISMATCH (warning): nothing we recognise; the chain will refuse it if invalid.
 * - ADDRESS_NO_CHECKSUM (warning): an all-lower or all-upper Ethereum address carries no EIP-55
 *   checksum, so a typo cannot be detected.
 */
export type AddressError = 'ADDRESS_REQUIRED' | 'ADDRESS_CHECKSUM' | 'ADDRESS_WRONG_NETWORK';
export type AddressWarning = 'ADDRESS_PATTERN_MISMATCH' | 'ADDRESS_NO_CHECKSUM';

export type AddressCheck =
  | { ok: true; address: string; warning: AddressWarning | null; kind: string }
  | { ok: false; error: AddressError; network?: OnchainNetwork };

const ETH_SHAPE = /^0x[0-9a-fA-F]{40}$/;
const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const BTC_BASE58_SHAPE = /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/;
const BTC_BECH32_SHAPE = /^(bc1[02-9ac-hj-np-z]{8,87}|BC1[02-9AC-HJ-NP-Z]{8,87})$/;

type Verdict =
  | { shape: false }
  | { shape: true; valid: false }
  | { shape: true; valid: true; kind: string; warning?: AddressWarning };

function bitcoin(text: string): Verdict {
  if (BTC_BECH32_SHAPE.test(text)) {
    const r = segwitDecode(text);
    if (!r.ok || r.hrp !== 'bc') return { shape: true, valid: false };
    return {
      shape: true,
      valid: true,
      kind:
        r.version === 0
          ? r.program.length === 20
            ? 'P2WPKH'
            : 'P2WSH'
          : r.version === 1 && r.program.length === 32
            ? 'P2TR'
            : `witness v${r.version}`,
    };
  }
  if (BTC_BASE58_SHAPE.test(text)) {
    const r = base58CheckDecode(text);
    if (!r.ok) return { shape: true, valid: false };
    if (r.version === 0x00) return { shape: true, valid: true, kind: 'P2PKH' };
    if (r.version === 0x05) return { shape: true, valid: true, kind: 'P2SH' };
    return { shape: false };
  }
  return { shape: false };
}

function ethereum(text: string): Verdict {
  if (!ETH_SHAPE.test(text)) return { shape: false };
  const body = text.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) {
    return { shape: true, valid: true, kind: 'EOA/contract', warning: 'ADDRESS_NO_CHECKSUM' };
  }
  return toChecksumAddress(text) === text
    ? { shape: true, valid: true, kind: 'EIP-55' }
    : { shape: true, valid: false };
}

function tron(text: string): Verdict {
  if (!TRON_SHAPE.test(text)) return { shape: false };
  const r = base58CheckDecode(text);
  if (!r.ok || r.version !== 0x41) return { shape: true, valid: false };
  return { shape: true, valid: true, kind: 'base58check' };
}

const CHECKS: Record<OnchainNetwork, (text: string) => Verdict> = { bitcoin, ethereum, tron };

/** Checks a receiver address for `network` (see {@link AddressCheck} for the outcomes). */
export function validateAddress(network: OnchainNetwork, input: string): AddressCheck {
  const address = input.trim();
  if (address === '') return { ok: false, error: 'ADDRESS_REQUIRED' };
  const own = CHECKS[network](address);
  if (own.shape) {
    if (!own.valid) return { ok: false, error: 'ADDRESS_CHECKSUM' };
    return { ok: true, address, warning: own.warning ?? null, kind: own.kind };
  }
  for (const other of ONCHAIN_NETWORKS) {
    if (other === network) continue;
    const v = CHECKS[other](address);
    if (v.shape && v.valid) return { ok: false, error: 'ADDRESS_WRONG_NETWORK', network: other };
  }
  return { ok: true, address, warning: 'ADDRESS_PATTERN_MISMATCH', kind: 'unknown' };
}
