// bench/onchain: on-chain transfers confirmed per second over HTTP — challenge, create with password
// digest + TOTP (the one confirmation service), approve (hold on the ledger + broadcast to the
// simulator), each with its postback and audit entry — then settlement of the broadcast transfers
// once their 12 Ethereum confirmations are in. From this process against the real server in its
// own process, on PostgreSQL (a database of its own, dropped afterwards). Prints figures; never fails.
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.ts';
import { testConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { service } from '../../packages/server/src/deps.ts';
import {
  hashPassword,
  newTotpSecret,
  secretBox,
  totpFor,
} from '../../packages/server/src/modules/auth/credentials.ts';
import { payoutRow, runPayoutFlow, seedPayoutUsers } from '../support/payout-flow.ts';
import { printTable, startServer } from '../support/server.ts';
import { pct } from '../support/stats.ts';

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
/** One company (one USDT wallet) per client, so clients do not queue on one wallet's balance lock. */
const COMPANIES = CLIENTS;
const USERS_PER_COMPANY = 150;
const RECEIVER = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const JWT_SECRET = randomUUID() + randomUUID();
const dbName = `bench_onchain_${randomUUID().slice(0, 8)}`;
const dbUrl = BASE_URL.replace(/\/[^/]*$/, `/${dbName}`);
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;

const adminClient = new pg.Client({ connectionString: BASE_URL });
await adminClient.connect();
await adminClient.query(`CREATE DATABASE ${dbName}`);

const rows: Record<string, string | number>[] = [];

try {
  const database = await openDatabase({ url: dbUrl, dataDir: '/tmp', poolSize: 8 });
  const { app, deps } = await buildApp(testConfig({ databaseUrl: dbUrl, jwtSecret: JWT_SECRET }), {
    database,
    webDist: false,
  });
  const sessions = service(deps, 'sessions');
  const onchain = service(deps, 'onchain');
  const password = createHash('sha512').update('Bench-Passw0rd!').digest('hex');
  const passwordHash = await hashPassword(password);
  const secret = newTotpSecret();
  const sealed = secretBox(JWT_SECRET).seal(secret);
  const totp = totpFor(secret, 'bench');
  const q = (text: string, values: unknown[] = []) => database.query<Record<string, string>>(text, values);

  const companies: { token: string[]; wallet: string }[] = [];
  for (let c = 0; c < COMPANIES; c++) {
    const merchantId =
      (await q('INSERT INTO merchants (name) VALUES ($1) RETURNING id::text', [`Bench Onchain ${c}`])).rows[0]
        ?.id ?? '';
    const addresses = await onchain.ensureWallets(merchantId);
    const usdt = addresses.find((a) => a.asset === 'USDT' && a.network === 'ethereum');
    if (!usdt) throw new Error('no USDT wallet');
    await onchain.creditDeposit(usdt.address, 'USDT', 10n ** 15n, `bench-fund-${c}`);
    await q(
      `INSERT INTO users (login, email, first_name, last_name, email_confirmed, status, password_hash, mfa_secret, current_merchant_id)
       SELECT 'oc' || $4::int || '-' || g || '@example.com', 'oc' || $4::int || '-' || g || '@example.com', 'Bench', 'Treasurer ' || g,
              true, 'activated', $1, $2, $3::uuid
       FROM generate_series(1, $5::int) g`,
      [passwordHash, sealed, merchantId, c, USERS_PER_COMPANY],
    );
    await q(
      `INSERT INTO user_merchants (user_id, merchant_id, rights)
       SELECT id, $1::uuid, '{create,approve,approveOwn,onchainTransfer}' FROM users WHERE current_merchant_id = $1::uuid`,
      [merchantId],
    );
    const ids = (
      await q('SELECT id::text FROM users WHERE current_merchant_id = $1::uuid ORDER BY login', [merchantId])
    ).rows;
    const token: string[] = [];
    // As a full login does: the session holds the per-session confirmation verifier.
    for (const r of ids)
      token.push((await sessions.issue(deps.db, r.id ?? '', 'session', { passwordDigest: password })).token);
    companies.push({ token, wallet: String(usdt.walletId) });
  }
  const payoutUsers = await seedPayoutUsers(deps, {
    name: 'Bench Onchain Payouts',
    count: 2_000,
    password,
    passwordHash,
    sealedSecret: sealed,
  });
  // The simulator's window switch: the run does not depend on the hour of day.
  await q('UPDATE onchain_sim_state SET window_open = true');
  await app.close();
  console.log(`[${elapsed()}] setup done; starting the server process`);

  const server = await startServer({
    DATABASE_URL: dbUrl,
    JWT_SECRET,
    SEED_DEMO: 'false',
    JOBS: 'off',
    SIMULATOR: 'on',
  });
  try {
    const call = async (method: string, path: string, token: string, payload?: unknown) => {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/api${path}`, {
        method,
        // A JSON content type promises a body: a bodiless call (approve_challenge) sends neither.
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      return {
        status: res.status,
        json: (await res.json()) as Record<string, unknown>,
        ms: performance.now() - started,
      };
    };

    let done = 0;
    let failed = 0;
    const flowMs: number[] = [];
    const createMs: number[] = [];
    const approveMs: number[] = [];
    const sent: { id: string; token: string }[] = [];
    const stopAt = Date.now() + SECONDS * 1000;
    const started = Date.now();
    await Promise.all(
      companies.map(async (company) => {
        let next = 0;
        while (Date.now() < stopAt && next < company.token.length) {
          const token = company.token[next++] ?? '';
          const input = {
            asset: 'USDT',
            network: 'ethereum',
            wallet_id: company.wallet,
            coin_amount: '12.5',
            address: RECEIVER,
            comments: 'bench',
          };
          const ch = await call('POST', '/onchain/transfers/challenge', token, input);
          const challengeId = (ch.json.confirmation as { challenge_id?: string } | undefined)?.challenge_id;
          if (!challengeId) {
            failed++;
            continue;
          }
          const created = await call('POST', '/onchain/transfers', token, {
            ...input,
            challenge_id: challengeId,
            password,
            secret_code: totp.generate(),
          });
          const id = (created.json.transfer as { id?: string } | undefined)?.id;
          if (created.status !== 200 || !id) {
            failed++;
            continue;
          }
          // Approval is strong customer authentication with a code of its own: a colleague (the
          // next user) approves, as a code step is usable once per user.
          const approverToken = company.token[next++];
          if (!approverToken) break;
          const approvalChallenge = await call(
            'POST',
            `/onchain/transfers/${id}/approve_challenge`,
            approverToken,
          );
          const approvalId = (approvalChallenge.json.confirmation as { challenge_id?: string } | undefined)
            ?.challenge_id;
          const approved = await call('POST', `/onchain/transfers/${id}/approve`, approverToken, {
            challenge_id: approvalId,
            password,
            secret_code: totp.generate(),
          });
          approved.ms += approvalChallenge.ms;
          const status = (approved.json.transfer as { status?: string } | undefined)?.status;
          if (approved.status === 200 && status === 'pending') {
            done++;
            flowMs.push(ch.ms + created.ms + approved.ms);
            createMs.push(created.ms);
            approveMs.push(approved.ms);
            sent.push({ id, token });
          } else failed++;
        }
      }),
    );
    const secs = (Date.now() - started) / 1000;
    for (const list of [flowMs, createMs, approveMs]) list.sort((a, b) => a - b);
    rows.push({
      measure: `on-chain transfers confirmed (challenge + create with SCA + approve: hold + broadcast), ${CLIENTS} clients`,
      'per s': Math.round(done / secs),
      'p50 ms': Math.round(pct(flowMs, 50)),
      'p99 ms': Math.round(pct(flowMs, 99)),
      note: `${done} ok, ${failed} failed; create p50 ${Math.round(pct(createMs, 50))} / p99 ${Math.round(pct(createMs, 99))} ms, approve p50 ${Math.round(pct(approveMs, 50))} / p99 ${Math.round(pct(approveMs, 99))} ms`,
    });

    // Settlement: after 12 simulated Ethereum blocks every broadcast transfer settles on its next read.
    await new Promise((r) => setTimeout(r, 13_000));
    const settleMs: number[] = [];
    let settled = 0;
    const settleStarted = Date.now();
    let cursor = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (cursor < sent.length) {
          const s = sent[cursor++];
          if (!s) break;
          const r = await call('GET', `/onchain/transfers/${s.id}`, s.token);
          if ((r.json.transfer as { status?: string } | undefined)?.status === 'settled') settled++;
          settleMs.push(r.ms);
        }
      }),
    );
    settleMs.sort((a, b) => a - b);
    rows.push({
      measure: `settlements (12 confirmations in → hold to postings, postback, audit), ${CLIENTS} clients`,
      'per s': Math.round(settled / ((Date.now() - settleStarted) / 1000)),
      'p50 ms': Math.round(pct(settleMs, 50)),
      'p99 ms': Math.round(pct(settleMs, 99)),
      note: `${settled} of ${sent.length} settled`,
    });
    // The pay-out flow beside it, in the same run on the same machine: one confirmation per
    // pay-out where a transfer has two (its creator's and its approver's).
    const payouts = await runPayoutFlow({
      post: (path, token, payload) => call('POST', path, token, payload),
      users: payoutUsers,
      password,
      code: () => totp.generate(),
      clients: CLIENTS,
      seconds: SECONDS,
    });
    rows.push(payoutRow(payouts, CLIENTS));
  } finally {
    await server.stop();
  }
  await database.close();
  printTable(`On-chain on PostgreSQL (server in its own process; ${elapsed()} in all)`, rows);
} finally {
  await adminClient.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await adminClient.end();
}
