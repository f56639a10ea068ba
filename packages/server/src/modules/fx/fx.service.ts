import type {
  FxExchangeView,
  FxListFilter,
  FxPair,
  FxQuote,
  FxQuoteRequest,
  FxSettlement,
} from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import type { ScaProof } from '../confirmations/confirmations.service.ts';
import { approvalChallenge, approve, cancel, reject } from './fx-approval.ts';
import { runDue, settleDue } from './fx-booked-settlement.ts';
import { type Ctx, createFxContext, type Simulator } from './fx-context.ts';
import { confirm } from './fx-execute.ts';
import { clientRateOf } from './fx-pricing.ts';
import { bookingWindow, quote } from './fx-quote.ts';
import { indicativeRate, outage, setOutage, setSpread } from './fx-staff.ts';
import { getExchange, listExchanges, listPairs } from './fx-views.ts';

export { FX_SETTLE_JOB } from './fx-booked-settlement.ts';

/**
 * FX (spec §1, §4, §5, §6, §8, §9): quotes that lock a rate for 30 s, confirmation bound to the
 * quote, instant execution or NBD/SBD booking with a hold, settlement at value date, approval,
 * cancel. Every status change is one transaction with its history event, postback (type fx) and
 * audit entry; money moves only through the ledger service.
 *
 * Each use case is a named function in its own file (fx-quote, fx-execute, fx-approval,
 * fx-booked-settlement, fx-views, fx-staff; shared parts in fx-context, fx-pricing, fx-events,
 * fx-postings); this factory builds their context once and offers them as one service.
 */
export function createFxService(deps: AppDeps, rates: Simulator) {
  const fx = createFxContext(deps, rates);
  return {
    /** Mid rate now, for other areas (on-chain shows fiat equivalents); 424 during an outage. */
    indicativeRate: (base: string, quote: string): Promise<string> => indicativeRate(fx, base, quote),

    /** The provider switch (operator, tests). */
    setOutage: (on: boolean): void => setOutage(fx, on),
    outage: (): boolean => outage(fx),

    setSpread: (merchantId: string, spreadBps: number, cryptoSpreadBps: number) =>
      setSpread(fx, merchantId, spreadBps, cryptoSpreadBps),

    pairs: (p: UserPrincipal, merchantParam: string, currency: string): Promise<FxPair[]> =>
      listPairs(fx, p, merchantParam, currency),

    clientRate: (p: UserPrincipal, sell: string, buy: string) => clientRateOf(fx, p, sell, buy),

    bookingWindow: (p: UserPrincipal) => bookingWindow(fx, p),

    quote: (ctx: Ctx, body: FxQuoteRequest & { settlement: FxSettlement }): Promise<FxQuote> =>
      quote(fx, ctx, body),

    confirm: (ctx: Ctx, body: Parameters<typeof confirm>[2]): Promise<FxExchangeView> =>
      confirm(fx, ctx, body),

    approvalChallenge: (p: UserPrincipal, id: string) => approvalChallenge(fx, p, id),

    approve: (ctx: Ctx, id: string, proof: ScaProof): Promise<FxExchangeView> => approve(fx, ctx, id, proof),

    reject: (ctx: Ctx, id: string): Promise<FxExchangeView> => reject(fx, ctx, id),

    cancel: (ctx: Ctx, id: string): Promise<FxExchangeView> => cancel(fx, ctx, id),

    list: (p: UserPrincipal, page: number, rows: number, f: FxListFilter) =>
      listExchanges(fx, p, page, rows, f),

    get: (p: UserPrincipal, id: string): Promise<FxExchangeView> => getExchange(fx, p, id),

    /** The value-date job: settles one booked exchange whose time has come (hold → postings). */
    settleDue: (id: string): Promise<boolean> => settleDue(fx, id),

    /** Settles every due booked exchange (sweep for jobs lost to a restart). */
    runDue: (): Promise<number> => runDue(fx),
  };
}
export type FxService = ReturnType<typeof createFxService>;
