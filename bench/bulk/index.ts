// bench/bulk: a 10,000-row pay-out batch through the pay-out terminal (issues 14, 35), as CSV and as
// pain.001 in the same run: seconds to read and validate the file (domain rules only, the pain.001
// schema check alone, then the upload call that also stores it), seconds from the confirmation to
// every payment created and approved, and the peak memory of this process.
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
import { assertPain001Schema } from '../../packages/server/src/modules/bulk-payouts/pain001-schema.ts';
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
  const debtorIban = await inTransaction(deps.db, async (tx) => {
    const w = await service(deps, 'wallets').openWallet(tx, { merchantId, currency: 'EUR', platform: 'UK' });
    await service(deps, 'wallets').recordPayIn(tx, {
      walletId: w.id,
      currency: 'EUR',
      amount: 10n ** 13n,
      reference: 'fund',
    });
    return w.iban;
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
  const amountOf = (i: number) => `${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`;
  const lines = Array.from(
    { length: ROWS },
    (_, i) => `SEPA,EUR,${amountOf(i)},Payee ${i + 1},DE89370400440532013000,,,,Bench ${i + 1}`,
  );
  const file = Buffer.from(`${[header, ...lines].join('\r\n')}\r\n`);

  // The same payments as a pain.001.001.03 file: one block debiting the company's EUR account.
  const cents = Array.from({ length: ROWS }, (_, i) => BigInt(amountOf(i).replace('.', ''))).reduce(
    (a, b) => a + b,
    0n,
  );
  const ctrlSum = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  const txs = Array.from(
    { length: ROWS },
    (_, i) =>
      `<CdtTrfTxInf><PmtId><EndToEndId>BENCH-${i + 1}</EndToEndId></PmtId><Amt><InstdAmt Ccy="EUR">${amountOf(i)}</InstdAmt></Amt><CdtrAgt><FinInstnId><BIC>COBADEFFXXX</BIC></FinInstnId></CdtrAgt><Cdtr><Nm>Payee ${i + 1}</Nm></Cdtr><CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct><RmtInf><Ustrd>Bench ${i + 1}</Ustrd></RmtInf></CdtTrfTxInf>`,
  );
  const painXml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn>
<GrpHdr><MsgId>BENCH-${dbName}</MsgId><CreDtTm>2026-03-02T09:00:00</CreDtTm><NbOfTxs>${ROWS}</NbOfTxs><CtrlSum>${ctrlSum}</CtrlSum><InitgPty><Nm>Bench Bulk Ltd</Nm></InitgPty></GrpHdr>
<PmtInf><PmtInfId>BENCH</PmtInfId><PmtMtd>TRF</PmtMtd><NbOfTxs>${ROWS}</NbOfTxs><CtrlSum>${ctrlSum}</CtrlSum><PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf><ReqdExctnDt>2026-03-03</ReqdExctnDt>
<Dbtr><Nm>Bench Bulk Ltd</Nm></Dbtr><DbtrAcct><Id><IBAN>${debtorIban}</IBAN></Id></DbtrAcct><DbtrAgt><FinInstnId><BIC>NWBKGB2L</BIC></FinInstnId></DbtrAgt>
${txs.join('\n')}
</PmtInf></CstmrCdtTrfInitn></Document>
`;
  const pain = Buffer.from(painXml);

  // 1. Reading and the rules alone (what the domain does for every row), and the pain.001 schema check alone.
  let t = performance.now();
  const parsed = parseBulkUpload('bench.csv', file);
  if (!parsed.ok) throw new Error(parsed.code);
  const checked = validateBulkRows(parsed.rows);
  const validateSeconds = seconds(t);
  if (checked.errorRows > 0) throw new Error('bench rows are not valid');
  t = performance.now();
  await assertPain001Schema(painXml);
  const schemaSeconds = seconds(t);

  /** 2. The upload call (read, rules, wallet per currency, batch and rows stored); 3. the confirmation
   * (the user holds approve rights: one code confirms and approves), then every payment made. */
  async function throughTerminal(name: string, bytes: Buffer, type: string, stepAhead: number) {
    const boundary = `----bench${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    let since = performance.now();
    const up = await app.inject({
      method: 'POST',
      url: '/api/payout_terminal/batches',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    const uploadSeconds = seconds(since);
    if (up.statusCode !== 200) throw new Error(up.body);
    const batchId = up.json().batch.id as string;
    const challenge = await app.inject({
      method: 'POST',
      url: `/api/payout_terminal/batches/${batchId}/challenge`,
      headers: { authorization: `Bearer ${token}` },
      payload: { action: 'confirm' },
    });
    since = performance.now();
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/payout_terminal/batches/${batchId}/confirm`,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        challenge_id: challenge.json().confirmation.challenge_id,
        password,
        // A time step confirms once: the second batch takes the next step's code (±1 step is accepted).
        secret_code: totp.generate({ timestamp: Date.now() + stepAhead * 30_000 }),
      },
    });
    if (confirmed.statusCode !== 200) throw new Error(confirmed.body);
    await service(deps, 'bulkPayouts').run(batchId);
    const runSeconds = seconds(since);
    const count = async (status: string | null) =>
      Number(
        (
          await q(
            `SELECT count(*)::text AS n FROM bulk_batch_rows r JOIN payments p ON p.id = r.payment_id
              WHERE r.batch_id = $1::uuid AND ($2::text IS NULL OR p.status = $2::text)`,
            [batchId, status],
          )
        ).rows[0]?.n,
      );
    return { uploadSeconds, runSeconds, made: await count(null), approved: await count('pending') };
  }

  const csvRun = await throughTerminal('bench.csv', file, 'text/csv', 0);
  const painRun = await throughTerminal('bench.xml', pain, 'application/xml', 1);
  await app.close();
  clearInterval(sampler);

  const perSecond = (r: typeof csvRun) =>
    `${Math.round(r.made / Number(r.runSeconds)).toLocaleString('en')}/s`;
  printTable(`bulk pay-outs, ${ROWS.toLocaleString('en')} rows (PostgreSQL)`, [
    { figure: 'read + validate (domain rules)', value: `${validateSeconds} s`, reference: '< 2 s' },
    {
      figure: `pain.001 XSD check alone (${(pain.length / 1048576).toFixed(1)} MB)`,
      value: `${schemaSeconds} s`,
      reference: '< 2 s',
    },
    {
      figure: 'upload call, CSV (rules + store batch)',
      value: `${csvRun.uploadSeconds} s`,
      reference: '< 10 s',
    },
    {
      figure: 'upload call, pain.001 (XSD + rules + store batch)',
      value: `${painRun.uploadSeconds} s`,
      reference: '< 10 s',
    },
    {
      figure: 'confirmation → all payments created, CSV',
      value: `${csvRun.runSeconds} s (${csvRun.made} made, ${csvRun.approved} approved)`,
      reference: '< 120 s',
    },
    {
      figure: 'confirmation → all payments created, pain.001',
      value: `${painRun.runSeconds} s (${painRun.made} made, ${painRun.approved} approved)`,
      reference: '< 120 s',
    },
    {
      figure: 'payments created + approved per second, one confirmed batch (CSV / pain.001)',
      value: `${perSecond(csvRun)} / ${perSecond(painRun)}`,
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
