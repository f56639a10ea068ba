import { fromMinor, isCurrencyCode, RIGHT_ACTIONS } from '@portal/domain';
import type { FxRates } from '../../adapters/fx-rates/fx-rates.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { type AppDeps, type ServiceRegistry, service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';

export type Ctx = RequestContext<UserPrincipal>;
export type Simulator = FxRates & { setOutage(on: boolean): void; isDown(): boolean };

/**
 * What every FX use case needs, built once by `createFxService`. Other modules' services are
 * looked up when used (not when built), so module registration order stays as it was.
 */
export interface FxContext {
  db: Db;
  clock: Clock;
  rates: Simulator;
  jobs: () => AppDeps['jobs'];
  ledger: () => ServiceRegistry['ledger'];
  wallets: () => ServiceRegistry['wallets'];
  confirmations: () => ServiceRegistry['confirmations'];
  payments: () => ServiceRegistry['payments'];
}

export function createFxContext(deps: AppDeps, rates: Simulator): FxContext {
  return {
    db: deps.db,
    clock: deps.clock,
    rates,
    jobs: () => deps.jobs,
    ledger: () => service(deps, 'ledger'),
    wallets: () => service(deps, 'wallets'),
    confirmations: () => service(deps, 'confirmations'),
    payments: () => service(deps, 'payments'),
  };
}

export const money = (minor: bigint, currency: string) =>
  isCurrencyCode(currency) ? fromMinor(minor, currency) : minor.toString();

export function companyOf(p: UserPrincipal): string {
  if (!p.merchantId) throw new DomainError('FORBIDDEN');
  return p.merchantId;
}

/** Spec §6: without the instant FX right, "contact the Master User". */
export function requireFx(p: UserPrincipal): string {
  if (!p.rights.has(RIGHT_ACTIONS.instantFx) && !p.isAdmin) throw new DomainError('FX_NOT_PERMITTED');
  return companyOf(p);
}

/** Executes at once when the creator may approve their own exchanges; otherwise maker-checker. */
export const selfApproves = (p: UserPrincipal) =>
  p.rights.has(RIGHT_ACTIONS.approve) && p.rights.has(RIGHT_ACTIONS.approveOwn);
