import { type OnchainIssue, onchainWindow } from '@portal/domain';
import type { Blockchain } from '../../adapters/blockchain/blockchain.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { type AppDeps, type ServiceRegistry, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';

export type Ctx = RequestContext<UserPrincipal>;

/** How long a quoted rate holds: the dialog's countdown (spec §4: the rate expires, refresh). */
export const ONCHAIN_QUOTE_TTL_MS = 30_000;
export const ONCHAIN_DISPATCH_JOB = 'onchain.dispatch';

/**
 * What every on-chain use case needs, built once by `createOnchainService`. Other modules'
 * services are looked up when used (not when built), so module registration order stays as it was.
 */
export interface OnchainContext {
  db: Db;
  clock: Clock;
  chain: Blockchain;
  /** Simulator only: a switch that treats the window as open (demo, journeys outside UK hours). */
  windowOverride: () => Promise<boolean>;
  jobs: () => AppDeps['jobs'];
  ledger: () => ServiceRegistry['ledger'];
  wallets: () => ServiceRegistry['wallets'];
  confirmations: () => ServiceRegistry['confirmations'];
  fx: () => ServiceRegistry['fx'];
}

export function createOnchainContext(
  deps: AppDeps,
  chain: Blockchain,
  windowOverride: () => Promise<boolean>,
): OnchainContext {
  return {
    db: deps.db,
    clock: deps.clock,
    chain,
    windowOverride,
    jobs: () => deps.jobs,
    ledger: () => service(deps, 'ledger'),
    wallets: () => service(deps, 'wallets'),
    confirmations: () => service(deps, 'confirmations'),
    fx: () => service(deps, 'fx'),
  };
}

export function companyOf(p: UserPrincipal): string {
  if (!p.merchantId) throw new DomainError('FORBIDDEN');
  return p.merchantId;
}

/** One domain refusal as the API error (field + params, so the browser translates by code). */
export function refuse(issue: OnchainIssue): DomainError {
  return new DomainError(issue.code, issue.params, {
    fields: { [issue.field]: issue.code },
    ...(issue.warning ? { extra: { warning: true } } : {}),
  });
}

export function must<T>(r: { ok: true; value: T } | { ok: false; issue: OnchainIssue }): T {
  if (!r.ok) throw refuse(r.issue);
  return r.value;
}

/** The UK window now, or "open now" while the simulator's override is on. */
export async function windowAt(oc: OnchainContext, now: Date) {
  const w = onchainWindow(now);
  if (w.open || !(await oc.windowOverride())) return w;
  return { ...w, open: true, sendAt: now };
}

export async function rateOf(oc: OnchainContext, asset: string, fiat: string): Promise<string> {
  try {
    return await oc.fx().indicativeRate(asset, fiat);
  } catch (err) {
    if (err instanceof DomainError && err.status === 424) {
      throw new DomainError('ONCHAIN_RATE_UNAVAILABLE', { base: asset, quote: fiat });
    }
    throw err;
  }
}
