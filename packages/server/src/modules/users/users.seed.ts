import { createHash } from 'node:crypto';
import { CLIENT_USER_RIGHTS, type ClientUserRight } from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { userGroups } from '../../db/schema/index.ts';
import { hashPassword, secretBox } from '../auth/credentials.ts';
import type { DemoSeedContext } from '../module.ts';
import * as repo from './users.repo.ts';

/** Demo data only: fixed so the README can list them and anyone can log in with `oathtool`. */
export const DEMO_PASSWORD = 'Demo-Passw0rd!';
export const DEMO_USERS = {
  master: {
    login: 'master@northwind.example',
    totp: 'KRSXG5CNMFZXIZLSGIZDGNBVGY3TQOJQ',
    first: 'Martha',
    last: 'Master',
  },
  standard: {
    login: 'standard@northwind.example',
    totp: 'KRSXG5CTORQW4ZDBOJSDEMZUGU3DOOBZ',
    first: 'Stan',
    last: 'Standard',
  },
  admin: {
    login: 'admin@clearline.example',
    totp: 'MFSG22LOMVQWK3TJNZTWK4TFONUW4ZZA',
    first: 'Ada',
    last: 'Admin',
  },
  csm: {
    login: 'csm@clearline.example',
    totp: 'MNZW2ZDFNVXXG5DPORYHGZLDOJSXIMJS',
    first: 'Cass',
    last: 'Manager',
  },
} as const;

export async function seedUsers(deps: AppDeps, ctx: DemoSeedContext): Promise<void> {
  const box = secretBox(deps.config.jwtSecret);
  const passwordHash = await hashPassword(createHash('sha512').update(DEMO_PASSWORD).digest('hex'));
  await inTransaction(deps.db, async (tx) => {
    const trading = await service(deps, 'merchants').createCompany(tx, {
      name: 'Northwind Trading Ltd',
      platform: 'UK',
      additionalData: {
        company_name: 'Northwind Trading Ltd',
        company_street: '12 Harbour Road',
        company_city: 'London',
        company_zip: 'E14 9GE',
        company_country_code: 'GB',
        company_state: '',
      },
    });
    const digital = await service(deps, 'merchants').createCompany(tx, {
      name: 'Northwind Digital UAB',
      platform: 'CJD',
      additionalData: {
        company_name: 'Northwind Digital UAB',
        company_street: 'Gedimino pr. 9',
        company_city: 'Vilnius',
        company_zip: 'LT-01103',
        company_country_code: 'LT',
        company_state: '',
      },
    });
    const make = async (
      u: (typeof DEMO_USERS)[keyof typeof DEMO_USERS],
      currentMerchantId: string | null,
      group: 'admin' | 'CSM' | null,
    ) =>
      repo.insertUser(tx, {
        login: u.login,
        email: u.login,
        firstName: u.first,
        lastName: u.last,
        emailConfirmed: true,
        passwordHash,
        passwordChangedAt: new Date(),
        mfaSecret: box.seal(u.totp),
        status: 'activated',
        currentMerchantId,
        currentGroup: group,
      });
    const master = await make(DEMO_USERS.master, trading.id, null);
    const standard = await make(DEMO_USERS.standard, trading.id, null);
    const admin = await make(DEMO_USERS.admin, null, 'admin');
    const csm = await make(DEMO_USERS.csm, null, 'CSM');
    const all: ClientUserRight[] = [...CLIENT_USER_RIGHTS];
    await repo.insertMembership(tx, {
      userId: master.id,
      merchantId: trading.id,
      isMaster: true,
      rights: all,
    });
    await repo.insertMembership(tx, {
      userId: master.id,
      merchantId: digital.id,
      isMaster: true,
      rights: all,
    });
    await repo.insertMembership(tx, {
      userId: standard.id,
      merchantId: trading.id,
      isMaster: false,
      rights: ['create'],
    });
    await tx.insert(userGroups).values([
      { userId: admin.id, groupCode: 'admin' },
      { userId: csm.id, groupCode: 'CSM' },
    ]);
    Object.assign(ctx.ids, {
      demoCompanyId: trading.id,
      secondCompanyId: digital.id,
      masterUserId: master.id,
      standardUserId: standard.id,
      adminUserId: admin.id,
      csmUserId: csm.id,
    });
  });
  const roles = {
    master: 'Master User of Northwind Trading Ltd and Northwind Digital UAB (all rights)',
    standard: 'Standard User of Northwind Trading Ltd (create payments only)',
    admin: 'Admin (provider staff)',
    csm: 'Account manager, CSM (provider staff)',
  } as const;
  for (const key of Object.keys(DEMO_USERS) as (keyof typeof DEMO_USERS)[]) {
    ctx.logins.push({
      login: DEMO_USERS[key].login,
      password: DEMO_PASSWORD,
      totpSecret: DEMO_USERS[key].totp,
      role: roles[key],
    });
  }
}
