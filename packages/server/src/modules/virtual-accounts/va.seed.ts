import { type AppDeps, service } from '../../deps.ts';
import type { DemoSeedContext } from '../module.ts';

/**
 * Demo VA groups of the demo company, as staff would assign them in the operator console: a UK
 * group (IBAN + sort code and account number) and a SEPA group with LT IBANs.
 */
export async function seedVirtualAccounts(deps: AppDeps, ctx: DemoSeedContext): Promise<void> {
  const { demoCompanyId, adminUserId } = ctx.ids;
  if (!demoCompanyId || !adminUserId) return;
  const va = service(deps, 'virtualAccounts');
  const seedCtx = {
    principal: {
      kind: 'user' as const,
      userId: adminUserId,
      sessionId: 'seed',
      merchantId: null,
      isMaster: false,
      isAdmin: true,
      group: 'admin',
      rights: new Set<string>(),
      impersonatorId: null,
      autoApprovePayouts: false,
    },
    requestId: 'seed',
    ip: '127.0.0.1',
    userAgent: 'seed',
    tzOffset: 0,
    platform: 'UK' as const,
    idempotencyKey: undefined,
  };
  const common = {
    level: 1,
    bank: 'ClearBank Ltd',
    bank_address: '133 Houndsditch, London EC3A 7BX',
    limit: 100,
  };
  await va.createGroup(seedCtx, demoCompanyId, {
    ...common,
    name: 'UK accounts',
    country: 'GB',
    check_rule_code: 'SEPA_UK_ACCOUNT',
    bic: 'CLRBGB22',
    bank_letters: 'CLRL',
    prefix: '040075',
    range_from: 10_000_000,
    range_to: 10_009_999,
  });
  await va.createGroup(seedCtx, demoCompanyId, {
    ...common,
    level: 2,
    name: 'EU SEPA (LT)',
    country: 'LT',
    check_rule_code: 'SEPA',
    bank: 'UAB Clearline Payments',
    bank_address: 'Gedimino pr. 20, Vilnius',
    bic: 'CBVILT2X',
    bank_letters: '',
    prefix: '32900',
    range_from: 1_000,
    range_to: 9_999,
  });
}
