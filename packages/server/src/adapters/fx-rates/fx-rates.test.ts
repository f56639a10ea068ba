import { CURRENCY_CODES, compareRates, isRateText } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { createFxRatesSimulator } from './fx-rates.ts';

describe('fx rates simulator', () => {
  const at = new Date('2026-11-23T10:00:00Z');

  it('answers an exact positive decimal for every pair of domain currencies, fiat and crypto', async () => {
    const sim = createFxRatesSimulator();
    for (const base of CURRENCY_CODES)
      for (const quote of CURRENCY_CODES) {
        const rate = await sim.midRate(base, quote, at);
        expect(isRateText(rate), `${base}/${quote} ${rate}`).toBe(true);
      }
  });

  it('is deterministic from the clock and moves over time', async () => {
    const a = createFxRatesSimulator();
    const b = createFxRatesSimulator();
    expect(await a.midRate('EUR', 'GBP', at)).toBe(await b.midRate('EUR', 'GBP', at));
    const later = new Date(at.getTime() + 60_000);
    expect(await a.midRate('EUR', 'GBP', later)).not.toBe(await a.midRate('EUR', 'GBP', at));
    const rate = await a.midRate('EUR', 'GBP', at);
    expect(compareRates(rate, '0.8')).toBe(1);
    expect(compareRates(rate, '0.9')).toBe(-1);
  });

  it('outage answers the 424 error', async () => {
    const sim = createFxRatesSimulator();
    sim.setOutage(true);
    await expect(sim.midRate('EUR', 'GBP', at)).rejects.toMatchObject({
      code: 'PROCESSING_UNAVAILABLE',
      status: 424,
    });
    sim.setOutage(false);
    await expect(sim.midRate('EUR', 'GBP', at)).resolves.toMatch(/^\d+\.\d+$/);
  });
});
