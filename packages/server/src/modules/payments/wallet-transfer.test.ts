import { walletFundTransferPostbackSchema } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, journalEntries, payments, postbackOutbox, postings } from '../../db/schema/index.ts';
import { service } from '../../deps.ts';
import { makeCompany } from '../../test/fixtures.ts';
import { type HttpReceiver, startHttpReceiver } from '../../test/http-receiver.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { availableOf, makePayer, makeWallet, PASSWORD, WRONG_PASSWORD } from './payments.fixtures.ts';

type Payer = Awaited<ReturnType<typeof makePayer>>;
type Wallet = Awaited<ReturnType<typeof makeWallet>>;

let t: TestApp;
let receiver: HttpReceiver;
let companyId: string;
let master: Payer;
let eur1: Wallet;
let eur2: Wallet;
let gbp: Wallet;
let foreign: Wallet;
let secret: string;

beforeAll(async () => {
  receiver = await startHttpReceiver((_path, res) => res.writeHead(200).end('ok'));
  t = await createTestApp({ postbackAllowInsecure: true });
  companyId = (await makeCompany(t, { name: 'Transfers Ltd' })).id;
  master = await makePayer(t, { merchantId: companyId, rights: ['create', 'refund'], isMaster: true });
  eur1 = await makeWallet(t, companyId, 'EUR', '100.00');
  eur2 = await makeWallet(t, companyId, 'EUR');
  gbp = await makeWallet(t, companyId, 'GBP', '50.00');
  foreign = await makeWallet(t, (await makeCompany(t)).id, 'EUR', '10.00');
  secret = (await t.post(`/api/postbacks/rotate_secret/${companyId}`, master.token)).json().secret;
  const urls = await t.post(`/api/merchants/update_postback_urls/${companyId}`, master.token, {
    postbackUrls: { walletFundTransfer: `${receiver.base}/transfers` },
  });
  expect(urls.statusCode, urls.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const body = (over: Record<string, string> = {}) => ({
  from_wallet_id: eur1.uuid,
  to_wallet_id: eur2.uuid,
  currency: 'EUR',
  amount: '25.50',
  reference: 'Top up payroll',
  ...over,
});

/** Challenge, then the confirmed transfer, as the browser does. */
async function transfer(
  payer: Payer,
  b: Record<string, string>,
  opts: { headers?: Record<string, string>; code?: string; password?: string; confirmed?: object } = {},
) {
  const challenge = await t.post('/api/wallets/fund_transfer_challenge', payer.token, b);
  if (challenge.statusCode !== 200) return { challenge, answer: challenge };
  const answer = await t.call({
    method: 'POST',
    url: '/api/wallets/fund_transfer',
    token: payer.token,
    headers: opts.headers ?? {},
    payload: {
      ...b,
      ...opts.confirmed,
      challenge_id: challenge.json().confirmation.challenge_id,
      password: opts.password ?? PASSWORD,
      secret_code: opts.code ?? payer.freshCode(),
    },
  });
  return { challenge, answer };
}

/** What a refused transfer must leave unchanged. */
async function snapshot() {
  const n = sql<number>`count(*)::int`;
  const [rows] = await t.deps.db.select({ n }).from(payments).where(eq(payments.merchantId, companyId));
  const [events] = await t.deps.db
    .select({ n })
    .from(postbackOutbox)
    .where(eq(postbackOutbox.merchantId, companyId));
  return {
    eur1: await availableOf(t, eur1.id, 'EUR'),
    eur2: await availableOf(t, eur2.id, 'EUR'),
    gbp: await availableOf(t, gbp.id, 'GBP'),
    foreign: await availableOf(t, foreign.id, 'EUR'),
    payments: rows?.n,
    postbacks: events?.n,
  };
}

describe('transfer between own wallets', () => {
  it('moves the money at once: balances, one balanced entry, two list rows, audit, signed postback', async () => {
    const { challenge, answer } = await transfer(master, body());
    expect(challenge.json().confirmation).toMatchObject({
      from: { uuid: eur1.uuid, iban: eur1.iban },
      to: { uuid: eur2.uuid, iban: eur2.iban },
      currency: 'EUR',
      amount: '25.50',
      fee: '0.00',
      reference: 'Top up payroll',
      available_after: '74.50',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const done = answer.json().transfer;
    expect(done).toMatchObject({ status: 'settled', amount: '25.50', fee: '0.00', currency: 'EUR' });
    expect(await availableOf(t, eur1.id, 'EUR')).toBe(7_450n);
    expect(await availableOf(t, eur2.id, 'EUR')).toBe(2_550n);

    const [entry] = await t.deps.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'transfer'), eq(journalEntries.reference, `transfer:${done.id}`)));
    expect(entry?.details).toMatchObject({ clientReference: 'Top up payroll', method: 'INTERNAL' });
    const lines = await t.deps.db
      .select()
      .from(postings)
      .where(eq(postings.entryId, entry?.id ?? 0));
    expect(lines.map((l) => l.amount).sort()).toEqual([-2_550n, 2_550n]);

    // Both wallets' lists show it as an own-account transfer naming the other account; no actions.
    const list = await t.post('/api/payments/list/all/1/10', master.token, {});
    const rows = list
      .json()
      .payments.filter((p: { transaction_type: string }) => p.transaction_type === 'transfer');
    expect(rows).toHaveLength(2);
    const debit = rows.find((p: { direction: string }) => p.direction === 'outbound');
    const credit = rows.find((p: { direction: string }) => p.direction === 'inbound');
    expect(debit).toMatchObject({
      id: done.debit_payment_id,
      wallet_id: String(eur1.id),
      status: 'settled',
      gross_amount: '25.50',
      corresponding_client: { name: eur2.uiName, iban: eur2.iban },
      comments: 'Top up payroll',
      actions: [],
    });
    expect(credit).toMatchObject({ wallet_id: String(eur2.id), corresponding_client: { name: eur1.uiName } });
    // An own-account transfer is no pay-in: refunding its credit is refused, nothing moves.
    const refund = await t.post(`/api/payments/refund/${credit.id}`, master.token, {});
    expect(refund.statusCode).toBe(417);
    expect(refund.json().code).toBe('PAYMENT_ACTION_NOT_ALLOWED');
    // Nor is either leg counted in the pay-in and pay-out balance; both show as account movements.
    const sums = await t.post('/api/payments/balances', master.token, {});
    for (const b of sums.json().balances)
      expect(b).toMatchObject({
        payin_settled: '0.00',
        payout_settled: '0.00',
        payin_quantity: 0,
        payout_quantity: 0,
      });

    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, done.id));
    expect(audits.map((a) => a.action)).toEqual(['wallet_transfer_settled']);

    await service(t.deps, 'postbacks').dispatch();
    await t.deps.jobs.drain();
    const got = receiver.received.find((r) => JSON.parse(r.body).subject_id === done.id);
    if (!got) throw new Error('no postback received');
    // Verified by the Standard Webhooks library itself, at the portal clock's time.
    const now = vi.spyOn(Date, 'now').mockReturnValue(t.clock.now().getTime());
    const verified = new Webhook(secret).verify(got.body, {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    }) as { type: string; event: string; data: unknown };
    now.mockRestore();
    expect(verified).toMatchObject({ type: 'walletFundTransfer', event: 'settled' });
    expect(walletFundTransferPostbackSchema.parse(verified.data)).toEqual({
      transfer_id: done.id,
      status: 'settled',
      from_wallet_id: String(eur1.id),
      from_wallet_uuid: eur1.uuid,
      to_wallet_id: String(eur2.id),
      to_wallet_uuid: eur2.uuid,
      currency: 'EUR',
      amount: '25.50',
      fee: '0.00',
      reference: 'Top up payroll',
      debit_payment_id: done.debit_payment_id,
      credit_payment_id: done.credit_payment_id,
      at: done.created_at,
    });
  });

  /** Each case: what changes in the request (built when it runs: the wallets exist by then). */
  const cases: [string, () => Record<string, string>, number, string, string | null][] = [
    ['another company’s wallet to', () => ({ to_wallet_id: foreign.uuid }), 404, 'WALLET_NOT_FOUND', null],
    [
      'another company’s wallet from',
      () => ({ from_wallet_id: foreign.uuid }),
      404,
      'WALLET_NOT_FOUND',
      null,
    ],
    ['different currencies', () => ({ to_wallet_id: gbp.uuid }), 417, 'TRANSFER_CURRENCY_MISMATCH', null],
    ['the same wallet', () => ({ to_wallet_id: eur1.uuid }), 417, 'TRANSFER_SAME_WALLET', null],
    ['zero', () => ({ amount: '0' }), 417, 'VALIDATION', 'AMOUNT_ZERO'],
    ['negative', () => ({ amount: '-5.00' }), 417, 'VALIDATION', 'AMOUNT_NEGATIVE'],
    ['three decimals', () => ({ amount: '1.005' }), 417, 'VALIDATION', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['not a number', () => ({ amount: '1e3' }), 417, 'VALIDATION', 'AMOUNT_INVALID'],
    ['over the balance', () => ({ amount: '1000.00' }), 422, 'INSUFFICIENT_FUNDS', null],
  ];
  it.each(
    cases,
  )('refuses %s with its message and changes nothing', async (_case, over, status, code, field) => {
    const before = await snapshot();
    const { answer } = await transfer(master, body(over()));
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json().code).toBe(code);
    expect(answer.json().messages[0]).toBeTruthy();
    if (field) expect(answer.json().fields.amount).toBe(field);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a wrong code, a wrong password, a changed amount and a user without the right', async () => {
    const before = await snapshot();
    const wrongCode = await transfer(master, body(), { code: '000000' });
    expect(wrongCode.answer.statusCode).toBe(401);
    expect(wrongCode.answer.json().code).toBe('SCA_WRONG_CREDENTIALS');
    const wrongPassword = await transfer(master, body(), { password: WRONG_PASSWORD });
    expect(wrongPassword.answer.json().code).toBe('SCA_WRONG_CREDENTIALS');
    // What is executed must be what was confirmed.
    const changed = await transfer(master, body(), { confirmed: { amount: '2.00' } });
    expect(changed.answer.statusCode).toBe(417);
    expect(changed.answer.json().code).toBe('CONFIRMATION_MISMATCH');
    const viewer = await makePayer(t, { merchantId: companyId, rights: [] });
    const noRight = await transfer(viewer, body());
    expect(noRight.answer.statusCode).toBe(403);
    expect(noRight.answer.json().messages).toEqual(['No rights to create Pay-out payments']);
    expect(await snapshot()).toEqual(before);
  });

  it('a repeated call with the same Idempotency-Key answers the first result and moves money once', async () => {
    const before = await availableOf(t, eur1.id, 'EUR');
    const challenge = await t.post(
      '/api/wallets/fund_transfer_challenge',
      master.token,
      body({ amount: '1.00' }),
    );
    const payload = {
      ...body({ amount: '1.00' }),
      challenge_id: challenge.json().confirmation.challenge_id,
      password: PASSWORD,
      secret_code: master.freshCode(),
    };
    const send = () =>
      t.call({
        method: 'POST',
        url: '/api/wallets/fund_transfer',
        token: master.token,
        headers: { 'idempotency-key': 'transfer-replay-1' },
        payload,
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().transfer.id).toBe(first.json().transfer.id);
    expect(await availableOf(t, eur1.id, 'EUR')).toBe(before - 100n);
  });
});

// PGlite runs one query at a time, so races only show on a real server: these run on PostgreSQL.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL?.startsWith('postgres'));

describe.skipIf(!onPostgres)('concurrent transfers on PostgreSQL', () => {
  it('two transfers racing for the same balance: one succeeds, the balance never goes below zero', async () => {
    const from = await makeWallet(t, companyId, 'EUR', '100.00');
    const to = await makeWallet(t, companyId, 'EUR');
    const [a, b] = [
      await makePayer(t, { merchantId: companyId, rights: ['create'] }),
      await makePayer(t, { merchantId: companyId, rights: ['create'] }),
    ];
    const go = { from_wallet_id: from.uuid, to_wallet_id: to.uuid, amount: '80.00' };
    // Both challenges are issued while the money is there; then both confirmations race.
    const challenges = await Promise.all(
      [a, b].map((u) => t.post('/api/wallets/fund_transfer_challenge', u.token, body(go))),
    );
    const answers = await Promise.all(
      [a, b].map((u, i) =>
        t.post('/api/wallets/fund_transfer', u.token, {
          ...body(go),
          challenge_id: challenges[i]?.json().confirmation.challenge_id,
          password: PASSWORD,
          secret_code: u.freshCode(),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await availableOf(t, from.id, 'EUR')).toBe(2_000n);
    expect(await availableOf(t, to.id, 'EUR')).toBe(8_000n);
  });

  it('opposite transfers between two wallets at once both settle (no deadlock)', async () => {
    const x = await makeWallet(t, companyId, 'EUR', '10.00');
    const y = await makeWallet(t, companyId, 'EUR', '10.00');
    const users = [
      await makePayer(t, { merchantId: companyId, rights: ['create'] }),
      await makePayer(t, { merchantId: companyId, rights: ['create'] }),
    ];
    const runs = await Promise.all(
      users.map((u, i) =>
        transfer(
          u,
          body({ from_wallet_id: i ? y.uuid : x.uuid, to_wallet_id: i ? x.uuid : y.uuid, amount: '3.00' }),
        ),
      ),
    );
    expect(runs.map((r) => r.answer.statusCode)).toEqual([200, 200]);
    expect(await availableOf(t, x.id, 'EUR')).toBe(1_000n);
    expect(await availableOf(t, y.id, 'EUR')).toBe(1_000n);
  });
});
