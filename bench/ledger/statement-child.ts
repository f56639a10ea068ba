// Child process of bench/ledger: one statement of the seeded wallet in a fresh process, so the
// memory it reports is the statement's own and not what the seeding left in the parent's heap.
// Warms up with a one-day statement of the same format (modules, fonts, query plans), collects
// garbage, then streams the whole year into a sink while sampling RSS. Prints one JSON line.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { service } from '../../packages/server/src/deps.ts';
import type { UserPrincipal } from '../../packages/server/src/http/principal.ts';

export interface StatementChildInput {
  url: string;
  schema: string;
  merchantId: string;
  walletUuid: string;
  format: 'csv' | 'camt053' | 'mt940' | 'pdf';
}

const input = JSON.parse(process.env.BENCH_STATEMENT_CHILD ?? '{}') as StatementChildInput;
const database = await openDatabase({
  url: input.url,
  dataDir: '/tmp',
  searchPath: input.schema,
  poolSize: 2,
});
const { app, deps } = await buildApp(testConfig({ databaseUrl: input.url }), { database, webDist: false });
const principal: UserPrincipal = {
  kind: 'user',
  userId: crypto.randomUUID(),
  sessionId: crypto.randomUUID(),
  merchantId: input.merchantId,
  isMaster: true,
  isAdmin: false,
  group: null,
  rights: new Set(),
  impersonatorId: null,
  autoApprovePayouts: false,
};
const ctx = {
  principal,
  requestId: 'bench',
  ip: '127.0.0.1',
  userAgent: 'bench',
  tzOffset: 0,
  platform: 'UK' as const,
  idempotencyKey: undefined,
};

async function statement(dateTo: string): Promise<number> {
  const file = await service(deps, 'statements').statement(ctx, {
    wallet_uuid: input.walletUuid,
    date_from: '2025-01-01',
    date_to: dateTo,
    format: input.format,
  });
  let bytes = 0;
  await pipeline(
    file.stream,
    new Writable({
      write(chunk: Buffer, _e, cb) {
        bytes += chunk.length;
        cb();
      },
    }),
  );
  return bytes;
}

try {
  await statement('2025-01-01');
  global.gc?.();
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const bytes = await statement('2025-12-31');
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(JSON.stringify({ seconds, bytes, before, peak }));
} finally {
  await app.close();
  await database.close();
}
