import { randomUUID } from 'node:crypto';
import type { AdminGroup, ClientUserRight } from '@portal/domain';
import { service } from '../deps.ts';
import { merchants, userGroups, userMerchants, users } from '../db/schema/index.ts';
import type { TestApp } from './test-app.ts';

/** A live client company with overrides (`makeCompany(t, { name: 'Acme' })`). */
export async function makeCompany(t: TestApp, overrides: Partial<typeof merchants.$inferInsert> = {}) {
  const [m] = await t.deps.db
    .insert(merchants)
    .values({ name: `Company ${randomUUID().slice(0, 6)}`, ...overrides })
    .returning();
  if (!m) throw new Error('company not created');
  return m;
}

export interface MakeUserOptions {
  merchantId?: string;
  rights?: ClientUserRight[];
  isMaster?: boolean;
  group?: AdminGroup;
  email?: string;
  /** Extra companies this user belongs to (same rights). */
  alsoMerchantIds?: string[];
  user?: Partial<typeof users.$inferInsert>;
}

/**
 * A registered, email-confirmed user; member of `merchantId` (current company) with `rights`, or
 * an admin in `group`. Returns the user and a real full-session token (MFA treated as passed).
 */
export async function makeUser(t: TestApp, opts: MakeUserOptions = {}) {
  const email = opts.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const [u] = await t.deps.db
    .insert(users)
    .values({
      login: email,
      email,
      firstName: 'Test',
      lastName: 'User',
      emailConfirmed: true,
      status: 'activated',
      currentMerchantId: opts.merchantId ?? null,
      currentGroup: opts.group ?? null,
      ...opts.user,
    })
    .returning();
  if (!u) throw new Error('user not created');
  for (const merchantId of [opts.merchantId, ...(opts.alsoMerchantIds ?? [])]) {
    if (!merchantId) continue;
    await t.deps.db
      .insert(userMerchants)
      .values({ userId: u.id, merchantId, isMaster: opts.isMaster ?? false, rights: opts.rights ?? [] });
  }
  if (opts.group) await t.deps.db.insert(userGroups).values({ userId: u.id, groupCode: opts.group });
  const { token } = await service(t.deps, 'sessions').issue(t.deps.db, u.id, 'session');
  return { user: u, token };
}
