import { blockedAddressKind, formatIpRange, ipAllowed, parseIp, parseIpRange } from './ip-ranges.ts';

/** At most this many entries in a company's IP white list (docs/decisions.md). */
export const IP_WHITELIST_MAX_ENTRIES = 100;
/** Longest postback or notification URL accepted (docs/decisions.md). */
export const POSTBACK_URL_MAX_LENGTH = 2048;

/** Why one white list entry is refused; the browser translates `settings:errors.<code>`. */
export type IpEntryProblem = 'malformed' | 'duplicate';

export interface IpWhitelistCheck {
  /** Canonical entries (host bits cleared, IPv6 compressed), in the order given, duplicates dropped. */
  entries: string[];
  /** Problems by index of the input list. */
  problems: Record<number, IpEntryProblem>;
  /** The list lets every address in (`0.0.0.0/0` or `::/0`): allowed only when confirmed. */
  allowsEveryone: boolean;
}

/** Checks and normalises a white list as typed (one entry per line or per item). */
export function checkIpWhitelist(input: readonly string[]): IpWhitelistCheck {
  const entries: string[] = [];
  const problems: Record<number, IpEntryProblem> = {};
  let allowsEveryone = false;
  input.forEach((raw, i) => {
    const range = parseIpRange(raw);
    if (!range) {
      problems[i] = 'malformed';
      return;
    }
    const text = formatIpRange(range);
    if (entries.includes(text)) {
      problems[i] = 'duplicate';
      return;
    }
    if (range.prefix === 0) allowsEveryone = true;
    entries.push(text);
  });
  return { entries, problems, allowsEveryone };
}

/** Whether a caller at `address` may use a company whose white list is `list` (empty list: anyone). */
export function isAddressWhitelisted(address: string, list: readonly string[]): boolean {
  return list.length === 0 || ipAllowed(address, list);
}

/** Why a postback/notification URL is refused, before any name is resolved. */
export type UrlProblem =
  | 'URL_INVALID'
  | 'URL_TOO_LONG'
  | 'URL_NOT_HTTPS'
  | 'URL_HAS_CREDENTIALS'
  | 'URL_FORBIDDEN_HOST';

export interface UrlCheckOptions {
  /** Development setting POSTBACK_ALLOW_INSECURE: http and loopback targets are accepted. */
  allowInsecure: boolean;
}

/** Host names that are the machine itself or the cloud metadata service whatever DNS says. */
const LOCAL_NAMES =
  /(^|\.)(localhost|localdomain|local|internal|home\.arpa)$|^metadata(\.google\.internal)?$/i;

/**
 * URL rules of spec §5 (format `http(s)://example.com`, a secure URL must be https) plus the
 * SSRF rules of design §7 for what can be judged from the text alone: literal addresses and
 * local names. The server resolves names and checks the addresses again, at saving and at delivery.
 */
export function checkTargetUrl(text: string, opts: UrlCheckOptions): UrlProblem | null {
  if (text.length > POSTBACK_URL_MAX_LENGTH) return 'URL_TOO_LONG';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'URL_INVALID';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'URL_INVALID';
  if (!url.hostname || /\s/.test(text)) return 'URL_INVALID';
  if (url.protocol === 'http:' && !opts.allowInsecure) return 'URL_NOT_HTTPS';
  if (url.username || url.password) return 'URL_HAS_CREDENTIALS';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = parseIp(host);
  if (literal) {
    const kind = blockedAddressKind(literal);
    if (kind && !(opts.allowInsecure && kind === 'loopback')) return 'URL_FORBIDDEN_HOST';
  } else {
    if (!/^[a-z0-9.-]+$/i.test(host) || !host.includes('.')) {
      if (!(opts.allowInsecure && host.toLowerCase() === 'localhost')) return 'URL_FORBIDDEN_HOST';
    }
    if (LOCAL_NAMES.test(host.replace(/\.$/, '')) && !(opts.allowInsecure && /^localhost$/i.test(host)))
      return 'URL_FORBIDDEN_HOST';
    // Numeric forms a resolver may read as an address (`2130706433`, `0x7f.1`): not a host name.
    if (/^[0-9.]+$/.test(host) || /^0x/i.test(host)) return 'URL_FORBIDDEN_HOST';
  }
  return null;
}
