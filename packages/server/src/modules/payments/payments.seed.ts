import type { PaymentMethod } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import type { DemoSeedContext } from '../module.ts';
import { recordEvent } from './payment-flow.ts';
import * as repo from './payments.repo.ts';

type Target = 'created' | 'pending' | 'settled' | 'declined' | 'canceled' | 'returned';

interface DemoPayout {
  wallet: 'demoEurWalletId' | 'demoGbpWalletId' | 'demoUsdWalletId';
  method: PaymentMethod;
  currency: string;
  amount: bigint;
  payee: string;
  requisites: Record<string, string>;
  target: Target;
  daysAgo: number;
}

const SEPA_PAYEES = [
  ['Bäckerei Müller GmbH', 'DE89370400440532013000'],
  ['Fournitures Dupont SARL', 'FR1420041010050500013M02606'],
  ['Hollandse Logistiek B.V.', 'NL91ABNA0417164300'],
  ['Distribuciones Garcia S.L.', 'ES9121000418450200051332'],
] as const;
const TARGETS: Target[] = [
  'settled',
  'settled',
  'settled',
  'created',
  'pending',
  'settled',
  'canceled',
  'settled',
  'created',
  'settled',
];

function demoPayouts(): DemoPayout[] {
  const out: DemoPayout[] = [];
  for (let i = 0; i < 20; i++) {
    const [payee, iban] = SEPA_PAYEES[i % SEPA_PAYEES.length] ?? SEPA_PAYEES[0];
    out.push({
      wallet: 'demoEurWalletId',
      method: i % 3 === 0 ? 'SEPA_INSTANT' : 'SEPA',
      currency: 'EUR',
      amount: BigInt(15_000 + i * 7_315),
      payee,
      requisites: { payee, iban },
      target: TARGETS[i % TARGETS.length] ?? 'settled',
      daysAgo: i * 3,
    });
  }
  for (let i = 0; i < 8; i++) {
    const payee = i % 2 ? 'Acme Trading Ltd' : 'Northwind Supplies Limited';
    out.push({
      wallet: 'demoGbpWalletId',
      method: i % 4 === 3 ? 'CHAPS' : 'FPS',
      currency: 'GBP',
      amount: BigInt(9_900 + i * 12_345),
      payee,
      requisites: { payee, sortCode: i % 2 ? '200000' : '601613', accountNumber: '31926819' },
      target: TARGETS[(i + 3) % TARGETS.length] ?? 'settled',
      daysAgo: i * 5 + 1,
    });
  }
  out.push({
    wallet: 'demoEurWalletId',
    method: 'SEPA',
    currency: 'EUR',
    amount: 42_000n,
    payee: 'Wrong Account Test',
    requisites: { payee: 'Wrong Account Test', iban: 'DE41370400440000000001' },
    target: 'declined',
    daysAgo: 2,
  });
  out.push({
    wallet: 'demoEurWalletId',
    method: 'SEPA',
    currency: 'EUR',
    amount: 18_000n,
    payee: 'Returned Payee Test',
    requisites: { payee: 'Returned Payee Test', iban: 'DE19370400440000000009' },
    target: 'returned',
    daysAgo: 4,
  });
  return out;
}

/**
 * Demo payments: a few dozen pay-outs of the demo company in every common status (made by the
 * Standard User, approved by the Master User, run through the real approval and rail code), pay-ins
 * and two templates. Skipped when the identity and accounts seeds did not run.
 */
export async function seedDemoPayments(deps: AppDeps, ctx: DemoSeedContext): Promise<void> {
  const { demoCompanyId: merchantId, standardUserId, masterUserId } = ctx.ids;
  if (!merchantId || !standardUserId || !masterUserId || !ctx.ids.demoEurWalletId) return;
  const sessions = service(deps, 'sessions');
  const master: UserPrincipal = { ...(await sessions.principalFor(masterUserId, 'seed', null)), merchantId };
  const pay = service(deps, 'payments');
  const rail = service(deps, 'processing');
  const now = deps.clock.now();
  const day = 86_400_000;

  let n = 0;
  for (const name of ['Stripe Payments Europe', 'Adyen N.V.', 'Globex Corporation', 'Initech GmbH']) {
    for (const [wallet, currency, amount] of [
      ['demoEurWalletId', 'EUR', '2500.00'],
      ['demoGbpWalletId', 'GBP', '1800.00'],
    ] as const) {
      const ref = ctx.ids[wallet];
      if (!ref) continue;
      n += 1;
      await rail.payIn({
        merchantId,
        walletRef: ref,
        currency,
        amount,
        payerName: name,
        payerIban: 'DE89370400440532013000',
        method: currency === 'GBP' ? 'FPS' : 'SEPA',
        at: new Date(now.getTime() - n * 2 * day),
      });
    }
  }

  for (const d of demoPayouts()) {
    const ref = ctx.ids[d.wallet];
    if (!ref) continue;
    const wallet = await service(deps, 'wallets').getWalletForMerchant(deps.db, merchantId, ref);
    const at = new Date(now.getTime() - d.daysAgo * day);
    const p = await inTransaction(deps.db, async (tx) => {
      const row = await repo.insertPayment(tx, {
        merchantId,
        walletId: wallet.id,
        direction: 'outbound',
        transactionType: 'payout',
        method: d.method,
        status: 'created',
        currency: d.currency,
        amount: d.amount,
        payeeName: d.payee,
        counterpartyIban: d.requisites.iban ?? null,
        counterpartyAccount: d.requisites.accountNumber ?? null,
        counterpartyBankCode: d.requisites.sortCode ?? null,
        requisites: d.requisites,
        comments: `Invoice ${1000 + n++}`,
        createdBy: standardUserId,
        createdAt: at,
        updatedAt: at,
      });
      await recordEvent(tx, row, { event: 'created', from: null, actorId: standardUserId, at });
      return row;
    });
    if (d.target === 'created') continue;
    await pay.approveForDemoSeed(master, p.id).catch(() => undefined);
    if (d.target === 'pending') continue;
    if (d.target === 'canceled') {
      await pay.cancel(master, p.id).catch(() => undefined);
      continue;
    }
    // Demo history is back-dated: make the rail's step due now instead of after its delay.
    await deps.db.update(payments).set({ processAfter: now }).where(eq(payments.id, p.id));
    await rail.processDue(p.id);
    if (d.target === 'returned') {
      await deps.db.update(payments).set({ processAfter: now }).where(eq(payments.id, p.id));
      await rail.processDue(p.id);
    }
  }
  await service(deps, 'paymentTemplates').seed(merchantId, standardUserId, masterUserId);
}
