import { randomUUID } from 'node:crypto';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

/**
 * vitest globalSetup of the server project. With TEST_DATABASE_URL it builds ONE database as
 * `buildApp` leaves it (migrations applied, reference lists loaded) and names it in
 * TEST_DATABASE_TEMPLATE; each `createTestApp` then copies it with CREATE DATABASE … TEMPLATE
 * instead of migrating a schema of its own, which was most of the suite's setup time
 * (docs/benchmarks.md). Names carry a run id, so runs sharing one server never meet; the teardown
 * drops this run's databases, also those of a worker that died. Without TEST_DATABASE_URL: nothing.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url?.startsWith('postgres')) return undefined;
  const run = randomUUID().replace(/-/g, '').slice(0, 10);
  const template = `tpl_${run}`;
  const admin = await openDatabase({ url, dataDir: '', poolSize: 1 });
  try {
    await admin.exec(`CREATE DATABASE ${template}`);
    // Closing the app closes its own pool: a template must have no open connection when copied.
    const { app } = await buildApp(testConfig({ databaseUrl: databaseUrlOf(url, template) }), {
      webDist: false,
    });
    await app.ready();
    await app.close();
  } finally {
    await admin.close();
  }
  process.env.TEST_DATABASE_TEMPLATE = template;
  return async () => {
    const db = await openDatabase({ url, dataDir: '', poolSize: 1 });
    try {
      const { rows } = await db.query<{ name: string }>(
        `SELECT datname AS name FROM pg_database WHERE datname LIKE $1`,
        [`t\\_${run}\\_%`],
      );
      for (const { name } of [...rows, { name: template }])
        await db.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await db.close();
    }
  };
}

/** `url` with its database name replaced. */
export function databaseUrlOf(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
