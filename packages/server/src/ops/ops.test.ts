import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { inTransaction } from '../db/tx.ts';
import { service } from '../deps.ts';
import { appendAudit, auditChainReport } from '../modules/audit/audit.service.ts';
import { makeWallet } from '../modules/payments/payments.fixtures.ts';
import { makeCompany } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { formatAuditReport } from './audit-verify.ts';
import { ledgerInvariants } from './invariants.ts';

const PG = process.env.TEST_DATABASE_URL;

/** Some money through the real ledger: funded wallets and transfers between them. */
async function someMoney(t: TestApp) {
  const company = await makeCompany(t);
  const a = await makeWallet(t, company.id, 'EUR', '500.00');
  const b = await makeWallet(t, company.id, 'EUR', '20.00');
  const wallets = service(t.deps, 'wallets');
  await inTransaction(t.deps.db, (tx) =>
    wallets.recordPayIn(tx, {
      walletId: b.id,
      currency: 'EUR',
      amount: 1234n,
      reference: `x:${randomUUID()}`,
    }),
  );
  void a;
}

describe('audit:verify', () => {
  it('prints the length of an intact chain, and the first broken link of an altered one', async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < 6; i++)
        await t.deps.db.transaction((tx) =>
          appendAudit(tx, { actorType: 'system', actorId: null, action: 'ops.test', details: { i } }),
        );
      const intact = await auditChainReport(t.deps.db);
      expect(intact.firstBroken).toBeNull();
      expect(formatAuditReport(intact)).toMatch(/entries; chain intact$/);
      const [third] = (
        await t.deps.database.query<{ id: number }>('SELECT id FROM audit_log ORDER BY id OFFSET 2 LIMIT 1')
      ).rows;
      await t.deps.db.execute(sql`UPDATE audit_log SET action = 'ops.altered' WHERE id = ${third?.id}`);
      const broken = await auditChainReport(t.deps.db);
      expect(broken.length).toBe(intact.length);
      expect(broken.firstBroken).toEqual({ id: Number(third?.id), reason: 'hash' });
      expect(formatAuditReport(broken)).toContain(`first broken link at id ${third?.id}`);
    } finally {
      await t.close();
    }
  });
});

/** The restored database holds the ledger `before` described, every invariant intact; then it is closed. */
async function expectSameLedger(restored: Database, before: Awaited<ReturnType<typeof ledgerInvariants>>) {
  try {
    const after = await ledgerInvariants(restored);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ unbalanced: 0, drift: 0, negative: 0, grandTotal: 0n });
    expect(after.entries).toBeGreaterThan(0);
  } finally {
    await restored.close();
  }
}

describe('backup and restore (docs/operations.md)', () => {
  it.skipIf(!PG)(
    'pg_dump of a database restores into a new database with the ledger invariants intact',
    async () => {
      const t = await createTestApp();
      const restoreDb = `restore_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      // The test's own database (a copy of the run's template, test/pg-template.ts), dumped whole:
      // the dump carries the `extensions` schema and its pg_trgm too (docs/operations.md).
      const base = new URL(t.deps.config.databaseUrl as string);
      try {
        await someMoney(t);
        const before = await ledgerInvariants(t.deps.database);
        const dump = execFileSync('pg_dump', ['--no-owner', base.toString()], {
          maxBuffer: 256 * 1024 * 1024,
        });
        await t.deps.database.exec(`CREATE DATABASE ${restoreDb} TEMPLATE template0`);
        const target = new URL(base.toString());
        target.pathname = `/${restoreDb}`;
        execFileSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', target.toString()], { input: dump });
        const restored = await openDatabase({ url: target.toString(), dataDir: '.', poolSize: 1 });
        await expectSameLedger(restored, before);
      } finally {
        await t.deps.database.exec(`DROP DATABASE IF EXISTS ${restoreDb}`).catch(() => undefined);
        await t.close();
      }
    },
    // pg_dump, CREATE DATABASE and psql are whole processes; on a busy 2-core machine they took
    // longer than the default 30 s.
    120_000,
  );

  it.skipIf(!!PG)(
    'a copy of the PGlite data folder opens as a new database with the ledger invariants intact',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
      const copy = mkdtempSync(join(tmpdir(), 'portal-restore-'));
      try {
        const config = testConfig({ databaseUrl: undefined, dataDir: dir });
        const { app, deps } = await buildApp(config, { webDist: false });
        await app.ready();
        const t = { app, deps } as unknown as TestApp;
        await someMoney(t);
        const before = await ledgerInvariants(deps.database);
        await app.close(); // the documented backup is taken with the server stopped
        cpSync(join(dir, 'pglite'), join(copy, 'pglite'), { recursive: true });
        const restored = await openDatabase({ url: undefined, dataDir: copy });
        await expectSameLedger(restored, before);
      } finally {
        rmSync(dir, { recursive: true, force: true });
        rmSync(copy, { recursive: true, force: true });
      }
    },
  );
});
