import { lookup } from 'node:dns/promises';
import { blockedAddressKind, checkTargetUrl, parseIp, type UrlProblem } from '@portal/domain';
import { DomainError } from '../../http/errors.ts';

/** Name resolution; tests replace `resolver.lookup` to make a name resolve where they need. */
export const resolver = {
  async lookup(host: string): Promise<string[]> {
    const all = await lookup(host, { all: true, verbatim: true });
    return all.map((a) => a.address);
  },
};

export type TargetProblem = UrlProblem | 'URL_UNRESOLVABLE';

export interface VettedTarget {
  url: URL;
  /** The address the request must connect to: checked now, so DNS cannot change it afterwards. */
  address: string;
  family: 4 | 6;
}

/**
 * Checks a postback or notification URL the way an attacker would abuse it (design §7 SSRF):
 * the text rules of the domain package, then every address the name resolves to. A name with one
 * refused address is refused whole (DNS answers rotate). Returns the address to connect to.
 */
export async function vetTarget(
  text: string,
  opts: { allowInsecure: boolean },
): Promise<VettedTarget | { problem: TargetProblem }> {
  const problem = checkTargetUrl(text, opts);
  if (problem) return { problem };
  const url = new URL(text);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (parseIp(host)) addresses = [host];
  else {
    try {
      addresses = await resolver.lookup(host);
    } catch {
      return { problem: 'URL_UNRESOLVABLE' };
    }
  }
  if (!addresses.length) return { problem: 'URL_UNRESOLVABLE' };
  for (const a of addresses) {
    const ip = parseIp(a);
    if (!ip) return { problem: 'URL_UNRESOLVABLE' };
    const kind = blockedAddressKind(ip);
    if (kind && !(opts.allowInsecure && kind === 'loopback')) return { problem: 'URL_FORBIDDEN_HOST' };
  }
  const address = addresses[0] ?? '';
  return { url, address, family: address.includes(':') ? 6 : 4 };
}

/** Field-level refusal for forms: `fields[field] = CODE`, the message of the first problem. */
export function urlError(problems: Record<string, TargetProblem>): DomainError {
  const [first] = Object.values(problems);
  return new DomainError(first ?? 'URL_INVALID', { max: 2048 }, { fields: { ...problems } });
}
