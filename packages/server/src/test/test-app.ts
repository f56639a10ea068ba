import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { ManualClock } from '../clock.ts';
import { type AppConfig, testConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import { databaseUrlOf } from './pg-template.ts';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  clock: ManualClock;
  /** `inject` with JSON defaults and an optional bearer token. */
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** `call` for the common case: POST `payload` (an empty object unless given) to `url` with `token`. */
  post(url: string, token?: string, payload?: InjectOptions['payload']): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A real app on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * database on that PostgreSQL server copied from the run's template (test/pg-template.ts: already
 * migrated, so buildApp finds nothing to do) and dropped afterwards. No repository is mocked.
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  let config = testConfig(overrides);
  const clock = new ManualClock(new Date());
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  const serverUrl = config.databaseUrl;
  if (serverUrl?.startsWith('postgres')) {
    const template = process.env.TEST_DATABASE_TEMPLATE;
    if (!template)
      throw new Error('TEST_DATABASE_TEMPLATE is unset: run the server tests through vitest.config.ts');
    // tpl_<run> → t_<run>_<random>, so the run's teardown finds what a crashed worker left.
    const name = `t_${template.slice(4)}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = await openDatabase({ url: serverUrl, dataDir: config.dataDir, poolSize: 1 });
    try {
      await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.close();
    }
    dropDatabase = async () => {
      const a = await openDatabase({ url: serverUrl, dataDir: config.dataDir, poolSize: 1 });
      await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => a.close());
    };
    // The app's config names its own database (tests that open a second pool or run pg_dump).
    config = { ...config, databaseUrl: databaseUrlOf(serverUrl, name) };
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 20 });
  } else {
    database = await openDatabase({ url: 'memory://', dataDir: config.dataDir });
  }
  const { app, deps } = await buildApp(config, { database, clock, webDist: false });
  await app.ready();
  const call: TestApp['call'] = ({ token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  return {
    app,
    deps,
    clock,
    call,
    post: (url, token, payload = {}) => call({ method: 'POST', url, token, payload }),
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
