import { randomUUID } from 'node:crypto';
import type { PlatformLabel } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { EntryInput } from '../ledger/ledger.service.ts';
import type { DemoExchange, DemoSeedContext } from '../module.ts';
import { money } from './money.ts';

const DAY_MS = 86_400_000;
const CUSTOMERS = [
  'Northwind Traders',
  'Contoso Retail',
  'Fabrikam GmbH',
  'Tailspin Toys',
  'Wide World Importers',
  'Alpine Ski House',
  'Margie’s Travel',
  'Proseware Inc.',
];
const SUPPLIERS = [
  'Litware Logistics',
  'Adventure Works Cycles',
  'Coho Vineyard',
  'Lucerne Publishing',
  'Woodgrove Office Supplies',
  'Graphic Design Institute',
];
/** The accounts were opened this many days before the first entry of the demo history. */
const OPENED_DAYS_BEFORE_HISTORY = 10;
/** Demo FX rates in millionths (EUR→GBP 0.85 …); the FX area owns real rates. */
const RATES: Record<string, bigint> = { 'EUR/GBP': 850_000n, 'EUR/USD': 1_080_000n, 'GBP/USD': 1_270_000n };

/** Deterministic pseudo-random numbers, so every fresh demo database tells the same story. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Demo company accounts: EUR, GBP and USD wallets (and a payroll sub-account) with IBANs, and a
 * year of activity through the ledger (pay-ins from customers, payouts to suppliers, monthly fees,
 * FX, sub-account funding) with back-dated value dates ending now. One batch, one transaction.
 */
export async function seedDemoAccounts(deps: AppDeps, ctx: DemoSeedContext): Promise<void> {
  const merchantId = ctx.ids.demoCompanyId;
  if (!merchantId) return;
  const wallets = service(deps, 'wallets');
  const ledger = service(deps, 'ledger');
  const platformOf = async (id: string): Promise<PlatformLabel> => {
    const [company] = await deps.db
      .select({ platform: merchants.platform })
      .from(merchants)
      .where(eq(merchants.id, id));
    return company?.platform ?? 'UK';
  };
  const platform = await platformOf(merchantId);
  const now = deps.clock.now();
  const rand = prng(20250101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] ?? (list[0] as T);
  const amount = (min: number, max: number) => BigInt(Math.round((min + rand() * (max - min)) * 100));

  const start = Math.floor(now.getTime() / DAY_MS) * DAY_MS - 365 * DAY_MS;
  // Opened before the first entry, so the verification letter and the statements agree (issue 36).
  const openedAt = new Date(start - OPENED_DAYS_BEFORE_HISTORY * DAY_MS);
  ctx.ids.demoAccountsOpenedAt = openedAt.toISOString();
  const exchanges: (Omit<DemoExchange, 'entryId'> & { reference: string })[] = [];

  await inTransaction(deps.db, async (tx) => {
    const open = (currency: string, uiName: string, parentId: number | null = null) =>
      wallets.openWallet(tx, { merchantId, currency, platform, uiName, parentId, openedAt });
    const eur = await open('EUR', 'Main EUR account');
    const gbp = await open('GBP', 'UK operations GBP');
    const usd = await open('USD', 'US sales USD');
    const payroll = await open('EUR', 'EUR payroll', eur.id);
    ctx.ids.demoEurWalletId = eur.uuid;
    ctx.ids.demoGbpWalletId = gbp.uuid;
    ctx.ids.demoUsdWalletId = usd.uuid;

    const acc = {
      EUR: await ledger.walletAccount(tx, eur.id, 'EUR'),
      GBP: await ledger.walletAccount(tx, gbp.id, 'GBP'),
      USD: await ledger.walletAccount(tx, usd.id, 'USD'),
    } as const;
    const payrollAcc = await ledger.walletAccount(tx, payroll.id, 'EUR');
    const sys = async (
      kind: 'payin_clearing' | 'payout_clearing' | 'fee_income' | 'fx_position',
      c: string,
    ) => ledger.systemAccount(tx, kind, c);
    const system: Record<string, Record<string, number>> = {};
    for (const c of ['EUR', 'GBP', 'USD']) {
      system[c] = {
        payin: await sys('payin_clearing', c),
        payout: await sys('payout_clearing', c),
        fee: await sys('fee_income', c),
        fx: await sys('fx_position', c),
      };
    }
    const s = (c: string, k: string) => system[c]?.[k] ?? 0;

    // Running balances in JS so the story never overdraws (the batch checks it again).
    const bal = new Map<number, bigint>();
    const entries: EntryInput[] = [];
    let n = 0;
    const add = (e: Omit<EntryInput, 'reference'>) => {
      for (const p of e.postings) bal.set(p.accountId, (bal.get(p.accountId) ?? 0n) + p.amount);
      // History is booked on the day it happened (an October entry is not booked in November).
      entries.push({ ...e, bookedAt: e.valueDate, reference: `DEMO-${String(++n).padStart(6, '0')}` });
    };
    const move = (
      kind: EntryInput['kind'],
      from: number,
      to: number,
      value: bigint,
      valueDate: Date,
      details: EntryInput['details'],
    ) =>
      add({
        kind,
        valueDate,
        details,
        postings: [
          { accountId: from, amount: -value },
          { accountId: to, amount: value },
        ],
      });

    // The first, partial month of the history has no fee: the accounts are still empty at 06:00.
    let feeMonth = new Date(start).getUTCMonth();
    for (let day = start; day <= now.getTime(); day += DAY_MS) {
      const date = new Date(day);
      const weekday = date.getUTCDay();
      const at = (hour: number) => {
        const t = new Date(day + hour * 3_600_000 + Math.floor(rand() * 3_600_000));
        return t > now ? new Date(now.getTime() - 1000) : t;
      };
      if (weekday === 0 || weekday === 6) continue;
      for (const [c, account] of Object.entries(acc)) {
        const scale = c === 'EUR' ? 1 : c === 'GBP' ? 0.6 : 0.4;
        for (let i = 0, k = 1 + Math.floor(rand() * 3); i < k; i++) {
          const who = pick(CUSTOMERS);
          move('payin', s(c, 'payin'), account, amount(300 * scale, 12_000 * scale), at(8 + i), {
            counterparty: who,
            description: `Invoice payment from ${who}`,
            method: c === 'GBP' ? 'FPS' : c === 'EUR' ? 'SEPA' : 'SWIFT',
          });
        }
        if (rand() < 0.6) {
          const value = amount(200 * scale, 9_000 * scale);
          const who = pick(SUPPLIERS);
          if ((bal.get(account) ?? 0n) > value * 2n) {
            move('payout', account, s(c, 'payout'), value, at(13), {
              counterparty: who,
              description: `Payment to ${who}`,
              method: c === 'GBP' ? 'FPS' : c === 'EUR' ? 'SEPA' : 'SWIFT',
            });
          }
        }
      }
      // The account fee is charged on the first working day of every month, so every month's fee
      // statement shows it (issue 36).
      if (date.getUTCMonth() !== feeMonth) {
        feeMonth = date.getUTCMonth();
        for (const [c, account] of Object.entries(acc))
          move('fee', account, s(c, 'fee'), amount(25, 60), at(6), { description: 'Monthly account fee' });
        const payrollValue = amount(8_000, 15_000);
        if ((bal.get(acc.EUR) ?? 0n) > payrollValue * 2n) {
          move('transfer', acc.EUR, payrollAcc, payrollValue, at(7), { description: 'Payroll funding' });
          move('payout', payrollAcc, s('EUR', 'payout'), payrollValue, at(15), {
            counterparty: 'Staff salaries',
            description: 'Monthly payroll',
            method: 'SEPA',
          });
        }
      }
      if (weekday === 3) {
        const [sell, buy] = pick([
          ['EUR', 'GBP'],
          ['EUR', 'USD'],
          ['GBP', 'USD'],
        ] as const);
        const sold = amount(1_000, 6_000);
        const bought = (sold * (RATES[`${sell}/${buy}`] ?? 1_000_000n)) / 1_000_000n;
        if ((bal.get(acc[sell]) ?? 0n) > sold * 2n) {
          // Booked as the FX area books one (reference fx:<id>), and recorded by the FX seed, so
          // the FX list shows every exchange the statements list (issue 36).
          const id = randomUUID();
          const rate = (RATES[`${sell}/${buy}`] ?? 1_000_000n).toString().padStart(7, '0');
          const rateText = `${rate.slice(0, -6)}.${rate.slice(-6)}`;
          const valueDate = at(11);
          const reference = `fx:${id}`;
          const wallet = { EUR: eur.id, GBP: gbp.id, USD: usd.id } as const;
          exchanges.push({
            id,
            reference,
            merchantId,
            at: valueDate,
            sellWalletId: wallet[sell],
            sellCurrency: sell,
            sellAmount: sold,
            buyWalletId: wallet[buy],
            buyCurrency: buy,
            buyAmount: bought,
            rate: rateText,
          });
          entries.push({
            kind: 'fx',
            reference,
            valueDate,
            bookedAt: valueDate,
            details: {
              counterparty: 'Currency exchange',
              method: 'FX',
              description: `Currency exchange ${money(sold, sell)} ${sell} to ${money(bought, buy)} ${buy} at ${rateText} (FX-${id.slice(0, 8).toUpperCase()})`,
            },
            postings: [
              { accountId: acc[sell], amount: -sold },
              { accountId: s(sell, 'fx'), amount: sold },
              { accountId: s(buy, 'fx'), amount: -bought },
              { accountId: acc[buy], amount: bought },
            ],
          });
          for (const p of entries[entries.length - 1]?.postings ?? [])
            bal.set(p.accountId, (bal.get(p.accountId) ?? 0n) + p.amount);
        }
      }
    }
    entries.sort((a, b) => (a.valueDate?.getTime() ?? 0) - (b.valueDate?.getTime() ?? 0));
    const entryIds = await ledger.postBatch(tx, entries);
    const idOf = new Map(entries.map((e, i) => [e.reference, entryIds[i] ?? 0]));
    ctx.exchanges = exchanges.map(({ reference, ...e }) => ({ ...e, entryId: idOf.get(reference) ?? 0 }));
    // Two payouts waiting for settlement show as pending amounts.
    await ledger.placeHold(tx, {
      walletId: eur.id,
      currency: 'EUR',
      amount: 125_000n,
      reference: 'DEMO-PENDING-1',
    });
    await ledger.placeHold(tx, {
      walletId: gbp.id,
      currency: 'GBP',
      amount: 48_050n,
      reference: 'DEMO-PENDING-2',
    });
  });

  const second = ctx.ids.secondCompanyId;
  if (second) {
    // Read before the transaction: on PGlite a query outside an open transaction waits for it.
    const secondPlatform = await platformOf(second);
    await inTransaction(deps.db, async (tx) => {
      const w = await wallets.openWallet(tx, {
        merchantId: second,
        currency: 'EUR',
        platform: secondPlatform,
        uiName: 'EUR account',
        // Opened a few days before its first (opening) deposit.
        openedAt: new Date(now.getTime() - 3 * DAY_MS),
      });
      await wallets.recordPayIn(tx, {
        walletId: w.id,
        currency: 'EUR',
        amount: 5_000_000n,
        reference: 'DEMO-SECOND-1',
        // Booked now, so dated now: booking and value dates agree in statements.
        valueDate: now,
        details: { counterparty: 'Opening deposit' },
      });
    });
  }
}
