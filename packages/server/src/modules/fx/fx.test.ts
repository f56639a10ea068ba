import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fxExchanges, fxQuotes, postbackOutbox } from '../../db/schema/index.ts';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { availableOf, makeWallet, WRONG_PASSWORD } from '../payments/payments.fixtures.ts';
import {
  approveExchange,
  confirmQuote,
  exchange,
  makeTrader,
  quoteOk,
  requestQuote,
  type Trader,
} from './fx.fixtures.ts';

let t: TestApp;
let companyId: string;
let eur: { id: number; uuid: string };
let gbp: { id: number; uuid: string };
let trader: Trader;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-02T10:00:00Z'); // Monday 11:00 CET
  companyId = (await makeCompany(t)).id;
  eur = await makeWallet(t, companyId, 'EUR', '10000.00');
  gbp = await makeWallet(t, companyId, 'GBP', '0');
  trader = await makeTrader(t, companyId);
});
afterAll(() => t.close());

const eurToGbp = (amount: Record<string, string>, settlement: 'instant' | 'sbd' | 'nbd' = 'instant') => ({
  sell_wallet_id: eur.id,
  sell_currency: 'EUR',
  buy_wallet_id: gbp.id,
  buy_currency: 'GBP',
  settlement,
  ...amount,
});

async function counts() {
  const [q] = await t.deps.db.select({ n: count() }).from(fxQuotes);
  const [e] = await t.deps.db.select({ n: count() }).from(fxExchanges);
  return { quotes: Number(q?.n), exchanges: Number(e?.n) };
}

const toMinor = (s: string) => BigInt(s.replace('.', ''));

describe('instant FX', () => {
  it('lists pairs from the company wallets under merchant_payment_methods/instantfx', async () => {
    const r = await t.call({
      method: 'GET',
      url: `/api/merchant_payment_methods/instantfx/${companyId}/all/pairs`,
      token: trader.token,
    });
    expect(r.statusCode, r.body).toBe(200);
    const pairs = r
      .json()
      .pairs.map(
        (p: { sell_currency: string; buy_currency: string }) => `${p.sell_currency}/${p.buy_currency}`,
      );
    expect(pairs.sort()).toEqual(['EUR/GBP', 'GBP/EUR']);
    const other = await makeCompany(t);
    const foreign = await t.call({
      method: 'GET',
      url: `/api/merchant_payment_methods/instantfx/${other.id}/all/pairs`,
      token: trader.token,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('exchanges EUR to GBP: sell wallet −, buy wallet +, postback fx, journal through FX positions with spread revenue', async () => {
    const { quote, response } = await exchange(t, trader, eurToGbp({ sell_amount: '1000.00' }));
    expect(quote.needs_approval).toBe(false);
    expect(new Date(quote.expires_at).getTime() - t.clock.now().getTime()).toBe(30_000);
    expect(response.statusCode, response.body).toBe(200);
    const ex = response.json().exchange;
    expect(ex.status).toBe('completed');
    expect(ex.buy_amount).toBe(quote.buy_amount);
    expect(await availableOf(t, eur.id, 'EUR')).toBe(900_000n);
    expect(await availableOf(t, gbp.id, 'GBP')).toBe(toMinor(quote.buy_amount));
    const postbacks = await t.deps.db
      .select()
      .from(postbackOutbox)
      .where(eq(postbackOutbox.subjectId, ex.id));
    expect(postbacks.map((p) => `${p.type}:${p.event}`)).toEqual(['fx:created', 'fx:completed']);
    // The journal: balanced per currency, the spread in fee income.
    const history = service(t.deps, 'ledger').history;
    expect(history).toBeDefined();
    const rows = await t.deps.database.query(
      `SELECT p.currency, sum(p.amount)::text AS total, count(*)::int AS n FROM postings p JOIN journal_entries e ON e.id = p.entry_id WHERE e.reference = $1 GROUP BY p.currency ORDER BY 1`,
      [`fx:${ex.id}`],
    );
    expect(rows.rows).toEqual([
      { currency: 'EUR', total: '0', n: 2 },
      { currency: 'GBP', total: '0', n: 3 },
    ]);
  });

  it('buy side: the user types what they get, the sell amount is computed (rounded down)', async () => {
    const { quote, response } = await exchange(t, trader, eurToGbp({ buy_amount: '100.00' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(quote.buy_amount).toBe('100.00');
    expect(Number(quote.sell_amount)).toBeGreaterThan(100);
  });
});

describe('bad input changes nothing', () => {
  const refused = async (
    body: Record<string, unknown>,
    status: number,
    code: string,
    token = trader.token,
  ) => {
    const before = await counts();
    const r = await requestQuote(t, token, body as never);
    expect(r.statusCode, r.body).toBe(status);
    expect(r.json().code).toBe(code);
    expect(await counts()).toEqual(before);
    return r.json();
  };

  it('zero, negative, too many decimals', async () => {
    expect((await refused(eurToGbp({ sell_amount: '0' }), 417, 'VALIDATION')).fields).toEqual({
      sell_amount: 'AMOUNT_ZERO',
    });
    expect((await refused(eurToGbp({ sell_amount: '-5.00' }), 417, 'VALIDATION')).fields).toEqual({
      sell_amount: 'AMOUNT_NEGATIVE',
    });
    expect((await refused(eurToGbp({ sell_amount: '10.001' }), 417, 'VALIDATION')).fields).toEqual({
      sell_amount: 'AMOUNT_TOO_MANY_DECIMALS',
    });
    await refused(eurToGbp({}), 417, 'FX_AMOUNT_REQUIRED');
    await refused(eurToGbp({ sell_amount: '10', buy_amount: '10' }), 417, 'FX_AMOUNT_REQUIRED');
  });

  it('below min, above max, above balance', async () => {
    await refused(eurToGbp({ sell_amount: '0.50' }), 417, 'FX_BELOW_MIN');
    await refused(eurToGbp({ sell_amount: '1000000.01' }), 417, 'FX_ABOVE_MAX');
    const r = await refused(eurToGbp({ sell_amount: '999999.00' }), 417, 'FX_ABOVE_BALANCE');
    expect(r.messages[0]).toMatch(/above the available balance/);
  });

  it('same currency, a wallet of another company, a pair not offered', async () => {
    await refused(
      { ...eurToGbp({ sell_amount: '10' }), buy_currency: 'EUR', buy_wallet_id: String(eur.id) },
      417,
      'FX_SAME_CURRENCY',
    );
    const other = await makeCompany(t);
    const foreign = await makeWallet(t, other.id, 'GBP', '0');
    await refused(
      { ...eurToGbp({ sell_amount: '10' }), buy_wallet_id: String(foreign.id) },
      404,
      'WALLET_NOT_FOUND',
    );
    await refused({ ...eurToGbp({ sell_amount: '10' }), buy_currency: 'USD' }, 417, 'FX_PAIR_NOT_OFFERED');
  });

  it('without the instant FX right: contact the Master User', async () => {
    const plain = await makeTrader(t, companyId, ['create']);
    const r = await requestQuote(t, plain.token, eurToGbp({ sell_amount: '10' }));
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('FX_NOT_PERMITTED');
    expect(r.json().messages[0]).toMatch(/contact the Master User/);
  });

  it('provider outage answers 424 and writes nothing', async () => {
    service(t.deps, 'fx').setOutage(true);
    try {
      const r = await refused(eurToGbp({ sell_amount: '10' }), 424, 'PROCESSING_UNAVAILABLE');
      expect(r.messages[0]).toMatch(/connection problem/);
    } finally {
      service(t.deps, 'fx').setOutage(false);
    }
  });

  it('an expired quote: rate expired, refresh needed; nothing executed', async () => {
    const code = trader.nextCode();
    const quote = await quoteOk(t, trader.token, eurToGbp({ sell_amount: '10' }));
    t.clock.advance(30_000);
    const before = await counts();
    const r = await confirmQuote(t, trader.token, quote, code);
    expect(r.statusCode).toBe(417);
    expect(r.json().code).toBe('FX_QUOTE_EXPIRED');
    expect(r.json().messages[0]).toBe('Exchange rate expired or timeout, refresh needed.');
    expect(await counts()).toEqual(before);
  });

  it('a reused quote, a replayed code, a changed amount after confirmation', async () => {
    const { quote, response } = await exchange(t, trader, eurToGbp({ sell_amount: '10' }));
    expect(response.statusCode).toBe(200);
    const before = await counts();
    const again = await confirmQuote(t, trader.token, quote, trader.code());
    expect(again.json().code).toBe('FX_QUOTE_USED');
    // Replayed TOTP code on a new quote: the step was used.
    const usedCode = trader.code();
    const fresh = await quoteOk(t, trader.token, eurToGbp({ sell_amount: '10' }));
    const replay = await confirmQuote(t, trader.token, fresh, usedCode);
    expect(replay.statusCode).toBe(401);
    expect(await counts()).toEqual({ ...before, quotes: before.quotes + 1 });
    // Changed amount: the confirmation is bound to both amounts and the rate.
    const code = trader.nextCode();
    const q3 = await quoteOk(t, trader.token, eurToGbp({ sell_amount: '10' }));
    const changed = await confirmQuote(t, trader.token, q3, code, { buy_amount: '99.00' });
    expect(changed.json().code).toBe('CONFIRMATION_MISMATCH');
    const wrongPassword = await confirmQuote(t, trader.token, q3, code, { password: WRONG_PASSWORD });
    expect(wrongPassword.statusCode).not.toBe(200);
    expect((await counts()).exchanges).toBe(before.exchanges);
  });

  it('two concurrent confirmations of one quote make one exchange', async () => {
    const code = trader.nextCode();
    const quote = await quoteOk(t, trader.token, eurToGbp({ sell_amount: '10' }));
    const before = await counts();
    const answers = await Promise.all([
      confirmQuote(t, trader.token, quote, code),
      confirmQuote(t, trader.token, quote, code),
    ]);
    expect(answers.map((a) => a.statusCode).filter((s) => s === 200)).toHaveLength(1);
    expect((await counts()).exchanges).toBe(before.exchanges + 1);
  });
});

describe('maker-checker', () => {
  it('an exchange of a user without approval rights waits; the approver executes it at the current rate', async () => {
    const maker = await makeTrader(t, companyId, ['instantFx']);
    const checker = await makeTrader(t, companyId, ['approve']);
    const { quote, response } = await exchange(t, maker, eurToGbp({ sell_amount: '50.00' }));
    expect(quote.needs_approval).toBe(true);
    expect(response.json().exchange.status).toBe('created');
    const id = response.json().exchange.id;
    const own = await approveExchange(t, maker, id);
    expect(own.statusCode).toBe(403);
    // Approval is strong customer authentication: the dialog shows the amount as typed, the
    // currencies and the wallets; without the code, or with a wrong password, nothing executes.
    const shown = await t.post(`/api/fx/exchange/${id}/approve_challenge`, checker.token);
    expect(shown.json().confirmation.items).toEqual([
      expect.objectContaining({ id, amount: '50.00', currency: 'EUR', payee: 'EUR → GBP' }),
    ]);
    const bare = await t.post(`/api/fx/exchange/${id}/approve`, checker.token);
    expect(bare.json().code).toBe('VALIDATION');
    const wrong = await approveExchange(t, checker, id, { password: WRONG_PASSWORD });
    expect(wrong.json().code).toBe('SCA_WRONG_CREDENTIALS');
    const still = await t.call({ method: 'GET', url: `/api/fx/exchange/${id}`, token: checker.token });
    expect(still.json().exchange.status).toBe('created');
    const ok = await approveExchange(t, checker, id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().exchange.status).toBe('completed');
    expect(ok.json().exchange.sell_amount).toBe('50.00');
  });

  it("approval that fails after creation: 'exchange created but approval error'", async () => {
    const poor = await makeWallet(t, companyId, 'EUR', '60.00');
    const maker = await makeTrader(t, companyId, ['instantFx']);
    const checker = await makeTrader(t, companyId, ['approve', 'instantFx', 'approveOwn']);
    const { response } = await exchange(t, maker, {
      ...eurToGbp({ sell_amount: '50.00' }),
      sell_wallet_id: poor.id,
    });
    const id = response.json().exchange.id;
    // The wallet is emptied by another exchange before approval.
    const spend = await exchange(t, checker, {
      ...eurToGbp({ sell_amount: '20.00' }),
      sell_wallet_id: poor.id,
    });
    expect(spend.response.statusCode).toBe(200);
    const r = await approveExchange(t, checker, id);
    expect(r.statusCode).toBe(422);
    expect(r.json().code).toBe('FX_APPROVAL_ERROR');
    expect(r.json().messages[0]).toMatch(/^Exchange created but approval error/);
    const view = await t.call({ method: 'GET', url: `/api/fx/exchange/${id}`, token: checker.token });
    expect(view.json().exchange.status).toBe('created');
    expect(view.json().exchange.error).toMatch(/nsufficient/);
  });
});

describe('currency exchange NBD/SBD', () => {
  it('NBD holds the sell amount, settles at value date by the job; cancel releases the hold', async () => {
    t.clock.set('2026-03-06T10:00:00Z'); // Friday 11:00 CET → NBD Monday 9 March
    trader = await makeTrader(t, companyId); // tokens live minutes, the clock jumps days
    const before = await availableOf(t, eur.id, 'EUR');
    const booked = await exchange(t, trader, eurToGbp({ sell_amount: '100.00' }, 'nbd'));
    expect(booked.response.statusCode, booked.response.body).toBe(200);
    const ex = booked.response.json().exchange;
    expect(ex.status).toBe('booked');
    expect(ex.value_date).toBe('2026-03-09');
    expect(await availableOf(t, eur.id, 'EUR')).toBe(before - 10_000n);
    const gbpBefore = await availableOf(t, gbp.id, 'GBP');
    const fx = service(t.deps, 'fx');
    expect(await fx.settleDue(ex.id)).toBe(false); // not yet
    t.clock.set('2026-03-09T15:00:01Z'); // Monday 16:00:01 CET
    expect(await fx.runDue()).toBe(1);
    expect(await availableOf(t, gbp.id, 'GBP')).toBe(gbpBefore + toMinor(ex.buy_amount));
    expect(await availableOf(t, eur.id, 'EUR')).toBe(before - 10_000n);

    t.clock.set('2026-03-10T09:00:00Z'); // Tuesday 10:00 CET, SBD open
    trader = await makeTrader(t, companyId);
    const sbd = await exchange(t, trader, eurToGbp({ sell_amount: '100.00' }, 'sbd'));
    const id = sbd.response.json().exchange.id;
    expect(sbd.response.json().exchange.value_date).toBe('2026-03-10');
    const held = await availableOf(t, eur.id, 'EUR');
    const cancel = await t.post(`/api/fx/exchange/${id}/cancel`, trader.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().exchange.status).toBe('canceled');
    expect(await availableOf(t, eur.id, 'EUR')).toBe(held + 10_000n);
  });

  it('SBD after the cut-off and NBD at the weekend are refused', async () => {
    t.clock.set('2026-03-10T13:30:00Z'); // 14:30 CET
    trader = await makeTrader(t, companyId);
    const sbd = await requestQuote(t, trader.token, eurToGbp({ sell_amount: '10' }, 'sbd'));
    expect(sbd.json().code).toBe('FX_SBD_CUTOFF_PASSED');
    t.clock.set('2026-03-14T10:00:00Z'); // Saturday
    trader = await makeTrader(t, companyId);
    const nbd = await requestQuote(t, trader.token, eurToGbp({ sell_amount: '10' }, 'nbd'));
    expect(nbd.json().code).toBe('FX_OUTSIDE_WORKING_HOURS');
  });
});

describe('history', () => {
  it('lists exchanges with filters', async () => {
    const r = await t.post('/api/fx/exchanges/1/50', trader.token, { status: 'completed', currency: 'GBP' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().total).toBeGreaterThan(0);
    expect(r.json().exchanges.every((e: { status: string }) => e.status === 'completed')).toBe(true);
  });
});

describe('statements', () => {
  it("an exchange shows in both wallets' statements", async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    trader = await makeTrader(t, companyId);
    const { response } = await exchange(t, trader, eurToGbp({ sell_amount: '25.00' }));
    expect(response.statusCode).toBe(200);
    for (const [wallet, currency] of [
      [eur, 'EUR'],
      [gbp, 'GBP'],
    ] as const) {
      for (const format of ['csv', 'mt940', 'camt053'] as const) {
        const r = await t.post('/api/wallets/statements', trader.token, {
          wallet_uuid: wallet.uuid,
          date_from: '2026-03-02',
          date_to: '2026-03-02',
          format,
          currency,
        });
        expect(r.statusCode, `${currency} ${format}`).toBe(200);
        expect(r.body, `${currency} ${format}`).toMatch(/Currency exchange 25\.00 EUR to/);
      }
    }
  });
});

describe('payments list', () => {
  it('an executed exchange shows as two settled rows of transaction type exchange, without payment actions', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    trader = await makeTrader(t, companyId);
    const { response } = await exchange(t, trader, eurToGbp({ sell_amount: '30.00' }));
    const ex = response.json().exchange;
    const r = await t.post('/api/payments/list/all/1/100', trader.token);
    expect(r.statusCode, r.body).toBe(200);
    const legs = r.json().payments.filter((p: { comments: string }) => p.comments.startsWith(ex.reference));
    expect(
      legs
        .map(
          (p: {
            transaction_type: string;
            direction: string;
            currency: string;
            gross_amount: string;
            status: string;
            actions: string[];
          }) =>
            [p.transaction_type, p.direction, p.currency, p.gross_amount, p.status, p.actions.length].join(
              ' ',
            ),
        )
        .sort(),
    ).toEqual([`exchange inbound GBP ${ex.buy_amount} settled 0`, 'exchange outbound EUR 30.00 settled 0']);
    // Not counted as pay-ins or pay-outs.
    const b = await t.post('/api/payments/balances', trader.token);
    expect(b.statusCode, b.body).toBe(200);
    expect(JSON.stringify(b.json())).not.toContain(ex.buy_amount);
  });
});

describe('idempotency', () => {
  it('a retried confirmation with the same Idempotency-Key answers the first result and moves money once', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    trader = await makeTrader(t, companyId);
    const code = trader.nextCode();
    const quote = await quoteOk(t, trader.token, eurToGbp({ sell_amount: '12.00' }));
    const before = await availableOf(t, eur.id, 'EUR');
    const headers = { 'idempotency-key': `fx-${quote.quote_id}` };
    const first = await confirmQuote(t, trader.token, quote, code, {}, headers);
    const again = await confirmQuote(t, trader.token, quote, code, {}, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().exchange.id).toBe(first.json().exchange.id);
    expect(await availableOf(t, eur.id, 'EUR')).toBe(before - 1_200n);
  });
});
