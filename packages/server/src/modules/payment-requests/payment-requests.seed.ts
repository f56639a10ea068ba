import { CLIENT_USER_RIGHTS } from '@portal/domain';
import { merchants, userMerchants } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import type { DemoSeedContext } from '../module.ts';

export const DEMO_MERCHANT_NAME = 'Northwind Payments Ltd';

/**
 * A MerchantService demo company with funded EUR and GBP wallets whose Master User is the demo master
 * user, so the company switcher offers the pay-in terminal next to the AccountService companies.
 */
export async function seedNorthwindPayments(deps: AppDeps, ctx: DemoSeedContext): Promise<void> {
  const masterId = ctx.ids.masterUserId;
  if (!masterId) return;
  const wallets = service(deps, 'wallets');
  await inTransaction(deps.db, async (tx) => {
    const [company] = await tx
      .insert(merchants)
      .values({
        name: DEMO_MERCHANT_NAME,
        platform: 'UK',
        serviceCode: 'MerchantService',
        additionalData: {
          company_name: DEMO_MERCHANT_NAME,
          company_street: '12 Harbour Road',
          company_city: 'London',
          company_zip: 'E14 9GE',
          company_country_code: 'GB',
          company_state: '',
        },
      })
      .returning({ id: merchants.id });
    if (!company) throw new Error('demo merchant not created');
    await tx
      .insert(userMerchants)
      .values({ userId: masterId, merchantId: company.id, isMaster: true, rights: [...CLIENT_USER_RIGHTS] });
    const eur = await wallets.openWallet(tx, {
      merchantId: company.id,
      currency: 'EUR',
      platform: 'UK',
      uiName: 'Collections EUR',
    });
    const gbp = await wallets.openWallet(tx, {
      merchantId: company.id,
      currency: 'GBP',
      platform: 'UK',
      uiName: 'Collections GBP',
    });
    // Opening balances booked as pay-ins (like the other demo companies' history), so the demo's
    // bulk pay-outs are approved instead of stopping at 'insufficient balance'.
    const now = deps.clock.now();
    for (const [w, currency, amount] of [
      [eur, 'EUR', 25_000_000n],
      [gbp, 'GBP', 15_000_000n],
    ] as const) {
      await wallets.recordPayIn(tx, {
        walletId: w.id,
        currency,
        amount,
        reference: `DEMO-NWP-OPENING-${currency}`,
        valueDate: now,
        details: { counterparty: 'Opening deposit' },
      });
    }
    Object.assign(ctx.ids, {
      merchantServiceCompanyId: company.id,
      merchantEurWalletId: eur.uuid,
      merchantGbpWalletId: gbp.uuid,
    });
  });
  const master = ctx.logins.find((l) => l.role.startsWith('Master User'));
  if (master) master.role = `${master.role}; Master User of ${DEMO_MERCHANT_NAME} (MerchantService)`;
}
