import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * The address encodings of the supported networks, written from their specifications:
 * base58check (Bitcoin P2PKH/P2SH, Tron), bech32 (BIP-173) and bech32m (BIP-350) for SegWit,
 * and EIP-55 mixed-case checksums for Ethereum. Hashes come from @noble/hashes (audited, pure JS),
 * so the same code runs in the browser and on the server.
 */

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_INDEX = new Map([...BASE58].map((c, i) => [c, i]));

/** Base58 text → bytes; null on a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const c of text) {
    const digit = BASE58_INDEX.get(c);
    if (digit === undefined) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  // Every leading '1' is a leading zero byte.
  for (const c of text) {
    if (c !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

export type Base58CheckResult =
  | { ok: true; version: number; payload: Uint8Array }
  | { ok: false; error: 'alphabet' | 'length' | 'checksum' };

/** Base58check: version byte + payload + first 4 bytes of SHA-256(SHA-256(version + payload)). */
export function base58CheckDecode(text: string, payloadLength = 20): Base58CheckResult {
  const bytes = base58Decode(text);
  if (!bytes) return { ok: false, error: 'alphabet' };
  if (bytes.length !== 1 + payloadLength + 4) return { ok: false, error: 'length' };
  const body = bytes.subarray(0, bytes.length - 4);
  const check = sha256(sha256(body));
  for (let i = 0; i < 4; i++) {
    if (check[i] !== bytes[body.length + i]) return { ok: false, error: 'checksum' };
  }
  return { ok: true, version: body[0] ?? -1, payload: body.subarray(1) };
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i] ?? 0;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (const c of hrp) out.push(c.charCodeAt(0) >> 5);
  out.push(0);
  for (const c of hrp) out.push(c.charCodeAt(0) & 31);
  return out;
}

export type SegwitResult =
  | { ok: true; hrp: string; version: number; program: Uint8Array; encoding: 'bech32' | 'bech32m' }
  | { ok: false; error: 'format' | 'checksum' | 'program' };

/**
 * Regroups `from`-bit values into `to`-bit values (BIP-173 `convertbits`). Encoding pads the last
 * group with zero bits; decoding (`pad` false) refuses leftover bits that are not zero padding.
 */
function convertBits(data: number[], from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & maxv);
  } else if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) return null;
  return out;
}

/**
 * A SegWit address (BIP-173, BIP-350): version 0 must use bech32 and a 20- or 32-byte program,
 * versions 1-16 must use bech32m. Mixed case is refused (the specs allow one case only).
 */
export function segwitDecode(text: string): SegwitResult {
  if (text.length > 90 || (text !== text.toLowerCase() && text !== text.toUpperCase())) {
    return { ok: false, error: 'format' };
  }
  const lower = text.toLowerCase();
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || sep + 7 > lower.length) return { ok: false, error: 'format' };
  const hrp = lower.slice(0, sep);
  const data: number[] = [];
  for (const c of lower.slice(sep + 1)) {
    const d = BECH32_CHARSET.indexOf(c);
    if (d === -1) return { ok: false, error: 'format' };
    data.push(d);
  }
  const residue = polymod([...hrpExpand(hrp), ...data]);
  const encoding = residue === BECH32_CONST ? 'bech32' : residue === BECH32M_CONST ? 'bech32m' : null;
  if (!encoding) return { ok: false, error: 'checksum' };
  const words = data.slice(0, -6);
  const version = words[0];
  if (version === undefined || version > 16) return { ok: false, error: 'program' };
  const program = convertBits(words.slice(1), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return { ok: false, error: 'program' };
  if (version === 0 && program.length !== 20 && program.length !== 32) return { ok: false, error: 'program' };
  if ((version === 0) !== (encoding === 'bech32')) return { ok: false, error: 'checksum' };
  return { ok: true, hrp, version, program: Uint8Array.from(program), encoding };
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** EIP-55: the checksummed spelling of a 40-hex-digit address (with its 0x). */
export function toChecksumAddress(address: string): string {
  const lower = address.replace(/^0x/i, '').toLowerCase();
  const hash = hex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i] ?? '';
    out += Number.parseInt(hash[i] ?? '0', 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** Bytes → base58 text (leading zero bytes become '1'). */
export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let out = '';
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** Base58check of a version byte and a payload (Bitcoin P2PKH/P2SH, Tron). */
export function base58CheckEncode(version: number, payload: Uint8Array): string {
  const body = Uint8Array.from([version, ...payload]);
  const check = sha256(sha256(body)).subarray(0, 4);
  return base58Encode(Uint8Array.from([...body, ...check]));
}

/** A SegWit address: bech32 for version 0, bech32m for 1-16 (BIP-173, BIP-350). */
export function segwitEncode(hrp: string, version: number, program: Uint8Array): string {
  const words = [version, ...(convertBits([...program], 8, 5, true) ?? [])];
  const constant = version === 0 ? BECH32_CONST : BECH32M_CONST;
  const values = [...hrpExpand(hrp), ...words, 0, 0, 0, 0, 0, 0];
  const mod = polymod(values) ^ constant;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((d) => BECH32_CHARSET[d]).join('')}`;
}
