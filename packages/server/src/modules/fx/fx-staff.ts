import type { FxContext } from './fx-context.ts';
import * as repo from './fx.repo.ts';

/** Operator and cross-module controls: the indicative rate, the provider switch, a company's spread. */

/** Mid rate now, for other areas (on-chain shows fiat equivalents); 424 during an outage. */
export async function indicativeRate(fx: FxContext, base: string, quote: string): Promise<string> {
  return fx.rates.midRate(base, quote, fx.clock.now());
}

/** The provider switch (operator, tests). */
export function setOutage(fx: FxContext, on: boolean): void {
  fx.rates.setOutage(on);
}

export const outage = (fx: FxContext): boolean => fx.rates.isDown();

export async function setSpread(
  fx: FxContext,
  merchantId: string,
  spreadBps: number,
  cryptoSpreadBps: number,
) {
  await repo.upsertTerms(fx.db, merchantId, spreadBps, cryptoSpreadBps);
}
