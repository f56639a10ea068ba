import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createDatabase,
  DEMO,
  freePort,
  login,
  type ServerProcess,
  serverProcess,
  sha512,
  totpNow,
  waitForNextTotpStep,
} from '../ops/cluster.ts';

/**
 * Issue 17: two server processes on one PostgreSQL behave as one — sessions and logout, rate
 * limits, attempt counters and money calls (a pay-in is applied once whichever process answers).
 * Runs only on PostgreSQL (TEST_DATABASE_URL): it starts two real processes.
 */
const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('two server processes on one PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let direct: pg.Pool;
  beforeAll(async () => {
    db = await createDatabase(PG as string);
    a = serverProcess('a', await freePort(), { DATABASE_URL: db.url, SEED_DEMO: 'true', JOBS: 'on' });
    b = serverProcess('b', await freePort(), { DATABASE_URL: db.url, SEED_DEMO: 'false', JOBS: 'on' });
    await a.start();
    await b.start();
    direct = new pg.Pool({ connectionString: db.url, max: 2 });
  }, 400_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await direct?.end();
    await db?.drop();
  }, 60_000);

  it('a session opened on one process works on the other, and a logout on either ends it on both', async () => {
    const token = await login(a.url, DEMO.admin);
    expect((await call(b.url, 'GET', '/frusrs/rights', { token })).status).toBe(200);
    const out = await call(b.url, 'POST', '/frusrs/logout', { token, body: {} });
    expect(out.status).toBeLessThan(300);
    expect((await call(a.url, 'GET', '/frusrs/rights', { token })).status).toBe(401);
  }, 120_000);

  it('the per-address rate limit counts the calls of both processes together', async () => {
    let limited = false;
    for (let i = 0; i < 32 && !limited; i++) {
      const r = await call(i % 2 ? a.url : b.url, 'POST', '/frusrs/tkn', {
        body: { login: `nobody-${i}@example.com`, password: 'ab'.repeat(64) },
      });
      limited = r.status === 429;
    }
    expect(limited).toBe(true);
  }, 120_000);

  it('five wrong passwords spread over both processes block the login on both', async () => {
    // The address's rate-limit window is used up by the test above; start a new one.
    await direct.query('DELETE FROM rate_limit_hits');
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await call(i % 2 ? a.url : b.url, 'POST', '/frusrs/tkn', {
          body: { login: 'standard@northwind.example', password: sha512(`wrong-${i}`) },
        }),
      );
    }
    expect(answers.at(-1)?.body.code).toBe('LOGIN_BLOCKED');
    const right = await call(a.url, 'POST', '/frusrs/tkn', {
      body: { login: 'standard@northwind.example', password: sha512(DEMO.password) },
    });
    expect(right.body.code).toBe('LOGIN_BLOCKED');
  }, 120_000);

  it('the same pay-in sent to both processes at once is applied once', async () => {
    await direct.query('DELETE FROM rate_limit_hits');
    const token = await login(b.url, DEMO.admin);
    const { rows } = await direct.query<{ uuid: string; merchant_id: string }>(
      `SELECT w.uuid::text, w.merchant_id::text FROM wallets w JOIN ledger_accounts l ON l.wallet_id = w.id
        WHERE l.currency = 'EUR' ORDER BY w.id LIMIT 1`,
    );
    const w = rows[0];
    expect(w).toBeTruthy();
    const key = `two-proc-${Date.now()}`;
    const send = (url: string) =>
      call(url, 'POST', '/operator/processing/payin', {
        token,
        headers: { 'idempotency-key': key },
        body: {
          merchant_id: w?.merchant_id,
          wallet_id: w?.uuid,
          currency: 'EUR',
          amount: '12.34',
          payer_name: key,
          payment_method: 'SEPA',
        },
      });
    const answers = await Promise.all([send(a.url), send(b.url), send(a.url), send(b.url)]);
    expect(answers.some((r) => r.status === 200)).toBe(true);
    const ids = new Set(answers.filter((r) => r.status === 200).map((r) => r.body.payment_id));
    expect(ids.size).toBe(1);
    const { rows: applied } = await direct.query('SELECT 1 FROM payments WHERE payee_name = $1', [key]);
    expect(applied).toHaveLength(1);
  }, 120_000);

  it('a pay-in applied through one process reaches a notification stream open on the other', async () => {
    await direct.query('DELETE FROM rate_limit_hits');
    const master = await login(b.url, DEMO.master);
    const admin = await login(a.url, DEMO.admin);
    const { rows } = await direct.query<{ uuid: string; merchant_id: string }>(
      `SELECT w.uuid::text, w.merchant_id::text FROM wallets w
         JOIN ledger_accounts l ON l.wallet_id = w.id
         JOIN users u ON u.current_merchant_id = w.merchant_id
        WHERE l.currency = 'EUR' AND u.login = $1 ORDER BY w.id LIMIT 1`,
      [DEMO.master.login],
    );
    const w = rows[0];
    expect(w).toBeTruthy();
    const controller = new AbortController();
    const stream = await fetch(`${b.url}/api/notifications/stream?access_token=${master}`, {
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // Wait for the stream's greeting so the pay-in happens after the subscription.
    while (!text.includes(': connected')) text += decoder.decode((await reader?.read())?.value);
    const key = `two-proc-push-${Date.now()}`;
    const paid = await call(a.url, 'POST', '/operator/processing/payin', {
      token: admin,
      headers: { 'idempotency-key': key },
      body: {
        merchant_id: w?.merchant_id,
        wallet_id: w?.uuid,
        currency: 'EUR',
        amount: '7.00',
        payer_name: key,
        payment_method: 'SEPA',
      },
    });
    expect(paid.status).toBe(200);
    const deadline = Date.now() + 30_000;
    while (!/\ndata:/.test(text) && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader?.read(),
        new Promise<undefined>((r) => setTimeout(() => r(undefined), 1_000)),
      ]);
      if (chunk?.value) text += decoder.decode(chunk.value);
    }
    controller.abort();
    expect(text).toMatch(/\ndata:/);
  }, 120_000);

  it('a pay-out due for settlement is settled once when both processes run the sweep at once', async () => {
    await direct.query('DELETE FROM rate_limit_hits');
    const admin = await login(b.url, DEMO.admin);
    // Setup: the Master User's pay-out is approved at creation, so one confirmation makes it pending.
    await direct.query('UPDATE users SET auto_approve_payouts = true WHERE login = $1', [DEMO.master.login]);
    const master = await login(a.url, DEMO.master);
    const { rows } = await direct.query<{ uuid: string }>(
      `SELECT w.uuid::text FROM wallets w
         JOIN ledger_accounts l ON l.wallet_id = w.id
         JOIN users u ON u.current_merchant_id = w.merchant_id
        WHERE l.currency = 'EUR' AND u.login = $1 ORDER BY w.id LIMIT 1`,
      [DEMO.master.login],
    );
    const wallet = rows[0]?.uuid;
    const details = {
      currency: 'EUR',
      amount: '3.00',
      requisites: { payee: 'Two Process GmbH', iban: 'DE89370400440532013000' },
      comments: 'two processes',
    };
    const challenge = await call(a.url, 'POST', `/payments/pay_out_challenge/${wallet}/SEPA`, {
      token: master,
      body: { payment_details: details },
    });
    expect(challenge.status).toBe(200);
    // The login used this 30-second code step; the confirmation needs the next one.
    await waitForNextTotpStep();
    const created = await call(b.url, 'POST', `/payments/create_pay_out/${wallet}/SEPA`, {
      token: master,
      body: {
        payment_details: details,
        challenge_id: (challenge.body.confirmation as { challenge_id: string }).challenge_id,
        password: sha512(DEMO.password),
        secret_code: totpNow(DEMO.master.secret),
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body.payment as { id: string }).id;
    expect((created.body.payment as { status: string }).status).toBe('pending');
    await direct.query(`UPDATE payments SET process_after = now() - interval '1 second' WHERE id = $1`, [id]);
    const sweep = (url: string) =>
      call(url, 'POST', '/operator/processing/run_due', { token: admin, body: {} });
    await Promise.all([sweep(a.url), sweep(b.url), sweep(a.url), sweep(b.url)]);
    const deadline = Date.now() + 60_000;
    let status = 'pending';
    while (status === 'pending' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      const { rows: now } = await direct.query<{ status: string }>(
        'SELECT status FROM payments WHERE id = $1',
        [id],
      );
      status = now[0]?.status ?? 'missing';
    }
    expect(status).toBe('settled');
    const { rows: entries } = await direct.query(
      `SELECT 1 FROM journal_entries WHERE kind = 'payout' AND reference = $1`,
      [`payment:${id}`],
    );
    expect(entries).toHaveLength(1);
  }, 180_000);
});
