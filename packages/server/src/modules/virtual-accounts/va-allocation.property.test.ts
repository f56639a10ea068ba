import { randomUUID } from 'node:crypto';
import { isValidVaNumber, type VaCheckRuleCode, validateIban } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { adminPrincipal } from '../../test/principals.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { GROUPS, makeAdmin, vaCompany } from './va.fixtures.ts';

/**
 * Allocation properties under concurrency: every number valid for its group's rules and never
 * given twice, and groups never hand out more than their limit. 10,000 allocations on
 * PostgreSQL (TEST_DATABASE_URL), a smaller run on in-process PGlite.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const N = onPostgres ? 10_000 : 400;
const WORKERS = onPostgres ? 16 : 4;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('VA allocation', () => {
  it(
    `${N} concurrent approvals: valid, unique, within limits; the rest 'No free VA groups'`,
    { timeout: 900_000 },
    async () => {
      const admin = await makeAdmin(t);
      const { company, wallet } = await vaCompany(t, admin, { group: null });
      // Three groups whose capacity together is 90% of the requests: the last ones must be refused.
      const capacity = Math.floor(N * 0.3);
      for (const [key, from] of [
        ['ukAccount', 1_000],
        ['lt', 10_000],
        ['becs', 500],
      ] as const) {
        const base = GROUPS[key];
        const r = await t.call({
          method: 'POST',
          url: `/api/operator/va_groups/${company.id}`,
          token: admin.token,
          payload: { ...base, range_from: from, range_to: from + capacity + 50, limit: capacity },
        });
        expect(r.statusCode, r.body).toBe(200);
      }
      // Requests written straight in: the property is about allocation, the request API is tested elsewhere.
      const details = {
        wallet_uuid: wallet.uuid,
        client_type: 'corporate',
        corporate_customer_name: 'Load & Test Ltd',
        incorporation_number: '1',
        address: { country_code: 'GB', city: 'London', street: '1 St', zip: 'E1 1AA' },
        compliance_check_type: 'none',
        force_new_iban: true,
      };
      await t.deps.database.query(
        `INSERT INTO va_requests (uuid, merchant_id, wallet_id, client_type, client_customer_id, customer_name, status, details, created_at, updated_at)
       SELECT gen_random_uuid(), $1, $2, 'corporate', 'c-' || g, 'Load & Test Ltd', 'created',
              jsonb_set($3::jsonb, '{client_customer_id}', to_jsonb('c-' || g)), now(), now()
         FROM generate_series(1, $4::int) g`,
        [company.id, wallet.id, JSON.stringify(details), N],
      );
      const uuids = (
        await t.deps.database.query<{ uuid: string }>(
          'SELECT uuid::text FROM va_requests WHERE merchant_id = $1',
          [company.id],
        )
      ).rows.map((r) => r.uuid);
      expect(uuids).toHaveLength(N);

      const principal = adminPrincipal(admin.user.id, randomUUID());
      const ctx = {
        principal,
        requestId: 'prop',
        ip: '127.0.0.1',
        userAgent: 'vitest',
        tzOffset: 0,
        platform: 'UK' as const,
        idempotencyKey: undefined,
      };
      const va = service(t.deps, 'virtualAccounts');
      const outcomes: Record<string, number> = {};
      let next = 0;
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          while (next < uuids.length) {
            const uuid = uuids[next++] as string;
            try {
              await va.decide(ctx, uuid, 'approve', undefined);
              outcomes.ok = (outcomes.ok ?? 0) + 1;
            } catch (err) {
              const code = err instanceof DomainError ? err.code : String(err);
              outcomes[code] = (outcomes[code] ?? 0) + 1;
            }
          }
        }),
      );
      expect(outcomes).toEqual({ ok: capacity * 3, VA_NO_FREE_GROUPS: N - capacity * 3 });

      const rows = (
        await t.deps.database.query<{
          number: string;
          iban: string | null;
          bank_code: string;
          bsb_code: string | null;
          sort_code: string | null;
          acc_number: string;
          check_rule_code: string;
          country: string;
          prefix: string;
          bank_letters: string;
        }>(
          `SELECT v.number, v.iban, v.bank_code, v.bsb_code, v.sort_code, v.acc_number, v.check_rule_code, v.country, g.prefix, g.bank_letters
           FROM virtual_accounts v JOIN va_groups g ON g.id = v.group_id WHERE v.merchant_id = $1`,
          [company.id],
        )
      ).rows;
      expect(rows).toHaveLength(capacity * 3);
      expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
      for (const r of rows) {
        const range = {
          checkRuleCode: r.check_rule_code as VaCheckRuleCode,
          country: r.country,
          bankLetters: r.bank_letters,
          prefix: r.prefix,
        };
        const n = {
          number: r.number,
          iban: r.iban,
          sortCode: r.sort_code,
          bsbCode: r.bsb_code,
          accNumber: r.acc_number,
          bankCode: r.bank_code,
        };
        expect(isValidVaNumber(range, n), r.number).toBe(true);
        if (r.iban) expect(validateIban(r.iban)).toBeNull();
      }
      const groups = (
        await t.deps.database.query<{ allocated: number; va_limit: number }>(
          'SELECT allocated, va_limit FROM va_groups WHERE merchant_id = $1',
          [company.id],
        )
      ).rows;
      for (const g of groups) expect(g.allocated).toBe(g.va_limit);
      const states = (
        await t.deps.database.query<{ status: string; n: string }>(
          'SELECT status, count(*)::text AS n FROM va_requests WHERE merchant_id = $1 GROUP BY status',
          [company.id],
        )
      ).rows;
      expect(Object.fromEntries(states.map((s) => [s.status, Number(s.n)]))).toEqual({
        allocated: capacity * 3,
        created: N - capacity * 3,
      });
    },
  );
});
