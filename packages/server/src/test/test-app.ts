import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { ManualClock } from '../clock.ts';
import { type AppConfig, testConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';

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
 * schema on that PostgreSQL server that is dropped afterwards. No repository is mocked.
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const clock = new ManualClock(new Date());
  let schema: string | undefined;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  if (config.databaseUrl?.startsWith('postgres')) {
    schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      searchPath: schema,
      poolSize: 20,
    });
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
      if (schema) await database.exec(`DROP SCHEMA ${schema} CASCADE`);
      await database.close();
    },
  };
}
