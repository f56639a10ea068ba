// bench/postbacks: postback events delivered per second from the outbox to a local HTTP receiver
// (sweeper → pg-boss job → signed POST → acknowledgement recorded), and the outbox lag (event
// created → receiver got it) p50/p99 under a steady load. Embedded PGlite (the default product
// setup); BENCH_DB=pg uses PostgreSQL at TEST_DATABASE_URL in a schema of its own, dropped afterwards
// (pg-boss keeps its own `pgboss` schema there). Prints figures; never fails on a number.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { inTransaction } from '../../packages/server/src/db/tx.ts';
import { enqueuePostback } from '../../packages/server/src/modules/postbacks/postbacks.service.ts';
import { pct } from '../support/stats.ts';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BURST = Number(process.env.BENCH_EVENTS ?? 5000);
/** Events per second offered during the lag phase. */
const RATE = Number(process.env.BENCH_RATE ?? 20);

// ---- the receiver: acknowledges at once, notes when each event id arrived --------------------------
const arrivals = new Map<string, number>();
/** created_at of each event as its body says: the lag runs from there. */
const createdOf = new Map<string, number>();
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    const id = String(req.headers['webhook-id'] ?? '');
    if (!arrivals.has(id)) arrivals.set(id, Date.now());
    const createdAt = Date.parse(JSON.parse(body || '{}').created_at ?? '');
    if (!createdOf.has(id) && Number.isFinite(createdAt)) createdOf.set(id, createdAt);
    res.writeHead(200).end();
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

// ---- the app with real pg-boss workers -----------------------------------------------------------
let engine = 'PGlite (embedded)';
let database: Awaited<ReturnType<typeof openDatabase>>;
let schema: string | undefined;
if (process.env.BENCH_DB === 'pg') {
  const admin = await openDatabase({ url: PG_URL, dataDir: '/tmp', poolSize: 1 });
  schema = `bench_postbacks_${randomUUID().slice(0, 8)}`;
  await admin.exec(`CREATE SCHEMA ${schema}`);
  await admin.close();
  database = await openDatabase({ url: PG_URL, dataDir: '/tmp', searchPath: schema, poolSize: 12 });
  engine = 'PostgreSQL';
} else {
  database = await openDatabase({ url: 'memory://', dataDir: '/tmp' });
}
const { app, deps } = await buildApp(
  testConfig({ databaseUrl: schema ? PG_URL : 'memory://', jobs: true, postbackAllowInsecure: true }),
  { database, webDist: false },
);
await app.ready();
await deps.jobs.start();

const rows: Record<string, string | number>[] = [];
try {
  const merchantId =
    (
      await database.query<{ id: string }>(
        `INSERT INTO merchants (name, postback_urls) VALUES ('Bench Postbacks Ltd', $1::jsonb) RETURNING id::text`,
        [JSON.stringify({ payout: receiverUrl })],
      )
    ).rows[0]?.id ?? '';

  const enqueue = (n: number, prefix: string) =>
    inTransaction(deps.db, async (tx) => {
      for (let i = 0; i < n; i++)
        await enqueuePostback(tx, {
          merchantId,
          type: 'payout',
          event: 'settled',
          subjectId: `${prefix}-${i}`,
          // A payment's data as the payments area sends it (the published body schema).
          payload: {
            kind: 'payment',
            payment_id: `${prefix}-${i}`,
            status: 'settled',
            previous_status: 'pending',
            transaction_type: 'payout',
            method: 'SEPA',
            currency: 'EUR',
            amount: '10.00',
            fee: '0.00',
            at: new Date().toISOString(),
          },
          createdAt: new Date(),
        });
    });
  let lastId = 0;
  /** Event ids written since the last call. */
  const newIds = async () => {
    // The alias is not `id`: ORDER BY would sort by the text output column, not the bigint.
    const r = await database.query<{ event_id: string }>(
      'SELECT id::text AS event_id FROM postback_outbox WHERE id > $1 ORDER BY id',
      [lastId],
    );
    lastId = Number(r.rows.at(-1)?.event_id ?? lastId);
    return r.rows.map((x) => `evt_${x.event_id}`);
  };

  // ---- phase 1: a burst already in the outbox, delivered as fast as the workers go -------------------
  for (let done = 0; done < BURST; done += 500) await enqueue(Math.min(500, BURST - done), `burst${done}`);
  await newIds();
  const t0 = Date.now();
  const deadline = t0 + 10 * 60_000;
  while (arrivals.size < BURST && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const burstSeconds = (Date.now() - t0) / 1000;
  rows.push({
    measure: `burst of ${BURST} events to a local receiver`,
    value: `${(arrivals.size / burstSeconds).toFixed(0)} events/s`,
    note: `${arrivals.size} delivered in ${burstSeconds.toFixed(1)} s`,
  });

  // ---- phase 2: steady load, lag from creation to arrival ------------------------------------------
  const created = new Map<string, number>();
  const tick = 100;
  const perTick = Math.max(1, Math.round((RATE * tick) / 1000));
  const end = Date.now() + SECONDS * 1000;
  let n = 0;
  while (Date.now() < end) {
    const at = Date.now();
    await enqueue(perTick, `steady${n++}`);
    for (const id of await newIds()) created.set(id, at);
    await new Promise((r) => setTimeout(r, Math.max(0, tick - (Date.now() - at))));
  }
  const drainUntil = Date.now() + 60_000;
  while ([...created.keys()].some((id) => !arrivals.has(id)) && Date.now() < drainUntil)
    await new Promise((r) => setTimeout(r, 100));
  const lags = [...created.keys()]
    .map((id) => (arrivals.get(id) ?? Number.NaN) - (createdOf.get(id) ?? Number.NaN))
    .filter(Number.isFinite);
  lags.sort((a, b) => a - b);
  rows.push({
    measure: `outbox lag at ${RATE} events/s for ${SECONDS} s`,
    value: `p50 ${pct(lags, 50)} ms, p99 ${pct(lags, 99)} ms`,
    note: `${lags.length}/${created.size} delivered, max ${lags.at(-1) ?? 0} ms`,
  });
  console.log(
    `\nbench/postbacks on ${engine} (sweep every 500 ms, pg-boss polling 1 s, 16 receivers in parallel)`,
  );
  console.table(rows);
} finally {
  await deps.jobs.stop();
  await app.close();
  if (schema) await database.exec(`DROP SCHEMA ${schema} CASCADE`);
  await database.close();
  receiver.close();
}
