// bench/bulk: a 10,000-row pay-out batch through the pay-out terminal (issue 14): seconds to read
// and validate the file (domain rules only, then the upload call that also stores it), seconds from
// the confirmation to every payment created and approved, and the peak memory of this process.
// PostgreSQL only (a database of its own, dropped afterwards). Prints figures; never fails on a number.
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { parseBulkUpload, validateBulkRows } from '../../packages/domain/src/index.ts';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { inTransaction } from '../../packages/server/src/db/tx.ts';
import { service } from '../../packages/server/src/deps.ts';
import {
  hashPassword,
  newTotpSecret,
  secretBox,
  totpFor,
} from '../../packages/server/src/modules/auth/credentials.ts';
import { printTable } from '../support/server.ts';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const JWT_SECRET = randomUUID() + randomUUID();
const dbName = `bench_bulk_${randomUUID().slice(0, 8)}`;
const dbUrl = BASE_URL.replace(/\/[^/]*$/, `/${dbName}`);

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

const adminClient = new pg.Client({ connectionString: BASE_URL });
await adminClient.connect();
await adminClient.query(`CREATE DATABASE ${dbName}`);

try {
  const database = await openDatabase({ url: dbUrl, dataDir: '/tmp', poolSize: 8 });
  const { app, deps } = await buildApp(testConfig({ databaseUrl: dbUrl, jwtSecret: JWT_SECRET }), {
    database,
    webDist: false,
  });
  const q = (text: string, values: unknown[] = []) => database.query<Record<string, string>>(text, values);
  const password = createHash('sha512').update('Bench-Passw0rd!').digest('hex');
  const secret = newTotpSecret();
  const totp = totpFor(secret, 'bench');
  const merchantId =
    (
      await q(
        "INSERT INTO merchants (name, service_code) VALUES ('Bench Bulk Ltd', 'MerchantService') RETURNING id::text",
      )
    ).rows[0]?.id ?? '';
  await inTransaction(deps.db, async (tx) => {
    const w = await service(deps, 'wallets').openWallet(tx, { merchantId, currency: 'EUR', platform: 'UK' });
    await service(deps, 'wallets').recordPayIn(tx, {
      walletId: w.id,
      currency: 'EUR',
      amount: 10n ** 13n,
      reference: 'fund',
    });
  });
  const userId =
    (
      await q(
        `INSERT INTO users (login, email, first_name, last_name, email_confirmed, status, password_hash, mfa_secret, current_merchant_id)
         VALUES ('bulk@example.com', 'bulk@example.com', 'Bulk', 'Bench', true, 'activated', $1, $2, $3::uuid) RETURNING id::text`,
        [await hashPassword(password), secretBox(JWT_SECRET).seal(secret), merchantId],
      )
    ).rows[0]?.id ?? '';
  await q(
    "INSERT INTO user_merchants (user_id, merchant_id, rights, is_master) VALUES ($1::uuid, $2::uuid, '{create,approve,approveOwn}', true)",
    [userId, merchantId],
  );
  const token = (
    await service(deps, 'sessions').issue(deps.db, userId, 'session', { passwordDigest: password })
  ).token;

  const header = 'payment_method,currency,amount,payee,iban,bic,sort_code,account_number,reference';
  const lines = Array.from(
    { length: ROWS },
    (_, i) =>
      `SEPA,EUR,${(i % 500) + 1}.${String(i % 100).padStart(2, '0')},Payee ${i + 1},DE89370400440532013000,,,,Bench ${i + 1}`,
  );
  const file = Buffer.from(`${[header, ...lines].join('\r\n')}\r\n`);

  // 1. Reading and the rules alone (what the domain does for every row).
  let t = performance.now();
  const parsed = parseBulkUpload('bench.csv', file);
  if (!parsed.ok) throw new Error(parsed.code);
  const checked = validateBulkRows(parsed.rows);
  const validateSeconds = seconds(t);
  if (checked.errorRows > 0) throw new Error('bench rows are not valid');

  // 2. The upload call: read, rules, wallet per currency, batch and rows stored.
  const boundary = `----bench${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  t = performance.now();
  const up = await app.inject({
    method: 'POST',
    url: '/api/payout_terminal/batches',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  const uploadSeconds = seconds(t);
  if (up.statusCode !== 200) throw new Error(up.body);
  const batchId = up.json().batch.id as string;

  // 3. Confirmation (the user holds approve rights: one code confirms and approves), then every payment.
  const challenge = await app.inject({
    method: 'POST',
    url: `/api/payout_terminal/batches/${batchId}/challenge`,
    headers: { authorization: `Bearer ${token}` },
    payload: { action: 'confirm' },
  });
  t = performance.now();
  const confirmed = await app.inject({
    method: 'POST',
    url: `/api/payout_terminal/batches/${batchId}/confirm`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      challenge_id: challenge.json().confirmation.challenge_id,
      password,
      secret_code: totp.generate(),
    },
  });
  if (confirmed.statusCode !== 200) throw new Error(confirmed.body);
  await service(deps, 'bulkPayouts').run(batchId);
  const runSeconds = seconds(t);
  const made = Number(
    (await q('SELECT count(*)::text AS n FROM payments WHERE merchant_id = $1::uuid', [merchantId])).rows[0]
      ?.n,
  );
  const approved = Number(
    (
      await q(
        "SELECT count(*)::text AS n FROM payments WHERE merchant_id = $1::uuid AND status = 'pending'",
        [merchantId],
      )
    ).rows[0]?.n,
  );
  await app.close();
  clearInterval(sampler);

  printTable(`bulk pay-outs, ${ROWS.toLocaleString('en')} rows (PostgreSQL)`, [
    { figure: 'read + validate (domain rules)', value: `${validateSeconds} s`, reference: '< 2 s' },
    { figure: 'upload call (rules + store batch)', value: `${uploadSeconds} s`, reference: '< 10 s' },
    {
      figure: 'confirmation → all payments created',
      value: `${runSeconds} s (${made} made, ${approved} approved)`,
      reference: '< 120 s',
    },
    {
      figure: 'payments created + approved per second, one confirmed batch',
      value: `${Math.round(made / Number(runSeconds)).toLocaleString('en')}/s`,
      reference: '≥ 1,000/s (issue 15)',
    },
    {
      figure: 'peak memory (RSS, this process)',
      value: `${Math.round(peakRss / 1024 / 1024)} MB`,
      reference: '< 1024 MB',
    },
  ]);
} finally {
  clearInterval(sampler);
  await adminClient.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await adminClient.end();
}
