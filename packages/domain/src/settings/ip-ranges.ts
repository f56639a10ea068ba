/**
 * IPv4 and IPv6 addresses and CIDR ranges, parsed without any platform library so the browser
 * (white list editor) and the server (enforcement, SSRF checks) apply exactly the same rules.
 */

export interface IpAddress {
  version: 4 | 6;
  /** 4 or 16 bytes, network order. */
  bytes: number[];
}

export interface IpRange extends IpAddress {
  /** Prefix length: 0-32 for IPv4, 0-128 for IPv6; a single address has the full length. */
  prefix: number;
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    // No leading zeros: `010.0.0.1` is octal to some parsers and decimal to others.
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    bytes.push(n);
  }
  return bytes;
}

function parseIpv6(text: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const group = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const head = group(halves[0] ?? '');
  const tail = halves.length === 2 ? group(halves[1] ?? '') : [];
  const words: number[] = [];
  const toWords = (groups: string[], isLast: boolean): number[] | null => {
    const out: number[] = [];
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i] ?? '';
      if (isLast && i === groups.length - 1 && g.includes('.')) {
        const v4 = parseIpv4(g);
        if (!v4) return null;
        out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
        continue;
      }
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const headWords = toWords(head, halves.length === 1);
  const tailWords = toWords(tail, true);
  if (!headWords || !tailWords) return null;
  if (halves.length === 1) {
    if (headWords.length !== 8) return null;
    words.push(...headWords);
  } else {
    const missing = 8 - headWords.length - tailWords.length;
    if (missing < 1) return null;
    words.push(...headWords, ...new Array<number>(missing).fill(0), ...tailWords);
  }
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/** An IPv4 or IPv6 address (no zone id, no brackets), or null. */
export function parseIp(text: string): IpAddress | null {
  const t = text.trim();
  if (t.includes(':')) {
    const bytes = parseIpv6(t);
    return bytes ? { version: 6, bytes } : null;
  }
  const bytes = parseIpv4(t);
  return bytes ? { version: 4, bytes } : null;
}

/** An address or a CIDR range (`203.0.113.0/24`, `2001:db8::/32`), or null when malformed. */
export function parseIpRange(text: string): IpRange | null {
  const t = text.trim();
  const slash = t.indexOf('/');
  const ip = parseIp(slash < 0 ? t : t.slice(0, slash));
  if (!ip) return null;
  const max = ip.version === 4 ? 32 : 128;
  if (slash < 0) return { ...ip, prefix: max };
  const p = t.slice(slash + 1);
  if (!/^(0|[1-9]\d{0,2})$/.test(p)) return null;
  const prefix = Number(p);
  if (prefix > max) return null;
  return { ...ip, prefix };
}

/** Zeroes the host bits, so `10.1.2.3/8` is stored as `10.0.0.0/8`. */
function networkBytes(r: IpRange): number[] {
  return r.bytes.map((b, i) => {
    const bits = Math.max(0, Math.min(8, r.prefix - i * 8));
    return b & ((0xff << (8 - bits)) & 0xff);
  });
}

function formatBytes(version: 4 | 6, bytes: number[]): string {
  if (version === 4) return bytes.join('.');
  const words: number[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  // RFC 5952: compress the longest run (at least two) of zero words.
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

/** Canonical text of a range: network address, `/prefix` only when it is not a single address. */
export function formatIpRange(r: IpRange): string {
  const max = r.version === 4 ? 32 : 128;
  const base = formatBytes(r.version, networkBytes(r));
  return r.prefix === max ? base : `${base}/${r.prefix}`;
}

/** IPv4-mapped IPv6 (`::ffff:203.0.113.7`) seen as the IPv4 address it carries. */
export function unmapIp(ip: IpAddress): IpAddress {
  if (ip.version !== 6) return ip;
  const isMapped =
    ip.bytes.slice(0, 10).every((b) => b === 0) && ip.bytes[10] === 0xff && ip.bytes[11] === 0xff;
  return isMapped ? { version: 4, bytes: ip.bytes.slice(12) } : ip;
}

/** Whether `ip` lies in `range`; an IPv4-mapped IPv6 address matches IPv4 ranges. */
export function ipInRange(ip: IpAddress, range: IpRange): boolean {
  const a = unmapIp(ip);
  if (a.version !== range.version) return false;
  for (let bit = 0; bit < range.prefix; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((a.bytes[byte] ?? 0) & mask) !== ((range.bytes[byte] ?? 0) & mask)) return false;
  }
  return true;
}

/** Whether a textual address is inside any of the textual ranges (malformed entries never match). */
export function ipAllowed(address: string, ranges: readonly string[]): boolean {
  const ip = parseIp(address);
  if (!ip) return false;
  return ranges.some((text) => {
    const r = parseIpRange(text);
    return r !== null && ipInRange(ip, r);
  });
}

/**
 * Addresses no postback may reach (SSRF): unspecified, loopback, private, carrier-grade NAT,
 * link-local (which holds the cloud metadata endpoint 169.254.169.254), multicast, reserved,
 * IPv6 unique-local and the AWS IPv6 metadata address. Translation prefixes (NAT64, 6to4) are
 * checked by the IPv4 address they embed.
 */
const BLOCKED_RANGES: readonly string[] = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/128',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
];
const parsedBlocked = BLOCKED_RANGES.map((t) => parseIpRange(t)).filter((r): r is IpRange => r !== null);

export type BlockedAddressKind = 'loopback' | 'private' | 'link-local' | 'metadata' | 'reserved';

/** Kind of address a postback must not reach, or null when it is a public address. */
export function blockedAddressKind(ip: IpAddress): BlockedAddressKind | null {
  let a = unmapIp(ip);
  if (a.version === 6) {
    const b = a.bytes;
    // NAT64 64:ff9b::/96 and 6to4 2002::/16 carry an IPv4 address; judge that one.
    if (
      b[0] === 0x00 &&
      b[1] === 0x64 &&
      b[2] === 0xff &&
      b[3] === 0x9b &&
      b.slice(4, 12).every((x) => x === 0)
    )
      a = { version: 4, bytes: b.slice(12) };
    else if (b[0] === 0x20 && b[1] === 0x02) a = { version: 4, bytes: b.slice(2, 6) };
    // Deprecated IPv4-compatible ::a.b.c.d
    else if (b.slice(0, 12).every((x) => x === 0) && !(b[12] === 0 && b[13] === 0 && b[14] === 0))
      a = { version: 4, bytes: b.slice(12) };
  }
  const exact = formatBytes(a.version, a.bytes);
  if (exact === '169.254.169.254' || exact === 'fd00:ec2::254' || exact === '100.100.100.200')
    return 'metadata';
  const hit = parsedBlocked.find((r) => ipInRange(a, r));
  if (!hit) return null;
  const text = formatIpRange(hit);
  if (text === '127.0.0.0/8' || text === '::1') return 'loopback';
  if (text === '169.254.0.0/16' || text === 'fe80::/10') return 'link-local';
  if (['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7'].includes(text))
    return 'private';
  return 'reserved';
}
