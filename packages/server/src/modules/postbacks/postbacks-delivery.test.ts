import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { POSTBACK_MAX_ATTEMPTS, POSTBACK_RETRY_WINDOW_MS, postbackRetryDelayMs } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { service } from '../../deps.ts';
import { postbackAttempts, postbackOutbox } from '../../db/schema/index.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { type HttpReceiver, type ReceivedRequest, startHttpReceiver } from '../../test/http-receiver.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { claimDue } from './postbacks.repo.ts';
import { enqueuePostback } from './postbacks.service.ts';
import { resolver } from './url-guard.ts';

/**
 * A real local receiver: `/ok` acknowledges, `/fail` answers 500, `/late` answers 200 after 11 s,
 * `/redirect` sends the caller to the metadata address. Every request is kept.
 */
let receiver: HttpReceiver;
let downUrl: string;

let t: TestApp;
let company: { id: string };
let userId: string;
/** A fresh session token: the test clock moves days, past any session's life. */
const tokenNow = async () => (await service(t.deps, 'sessions').issue(t.deps.db, userId, 'session')).token;
let secret: string;

const minutes = (n: number) => n * 60_000;

beforeAll(async () => {
  receiver = await startHttpReceiver((path, res) => {
    if (path.startsWith('/ok')) res.writeHead(200).end('ok');
    else if (path.startsWith('/fail')) res.writeHead(500).end('boom');
    else if (path.startsWith('/late')) setTimeout(() => res.writeHead(200).end('too late'), 11_000);
    else if (path.startsWith('/redirect'))
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else res.writeHead(404).end();
  });
  // A port nobody listens on: the receiver is down.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  downUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/down`;
  await new Promise((r) => probe.close(r));

  t = await createTestApp({ postbackAllowInsecure: true });
  company = await makeCompany(t, { name: 'Postbacks Ltd' });
  userId = (await makeUser(t, { merchantId: company.id, isMaster: true })).user.id;
  const rotated = await t.call({
    method: 'POST',
    url: `/api/postbacks/rotate_secret/${company.id}`,
    token: await tokenNow(),
  });
  secret = rotated.json().secret;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
afterEach(() => vi.restoreAllMocks());

const setUrl = async (type: string, url: string) => {
  const res = await t.call({
    method: 'POST',
    url: `/api/merchants/update_postback_urls/${company.id}`,
    token: await tokenNow(),
    payload: { postbackUrls: { [type]: url } },
  });
  expect(res.statusCode).toBe(200);
};

/** A payment's postback data as the payments area sends it (the published body schema's shape). */
const paymentData = (id: string) => ({
  kind: 'payment' as const,
  payment_id: id,
  status: 'settled' as const,
  previous_status: 'pending' as const,
  transaction_type: 'payout' as const,
  method: 'SEPA' as const,
  currency: 'EUR',
  amount: '10.00',
  fee: '0.00',
  at: '2026-03-04T10:00:00.000Z',
});
const fxData = (id: string) => ({
  exchange_id: id,
  status: 'completed' as const,
  previous_status: 'created' as const,
  settlement: 'instant' as const,
  value_date: '2026-03-04',
  sell_currency: 'EUR',
  sell_amount: '10.00',
  buy_currency: 'GBP',
  buy_amount: '8.50',
  rate: '0.85',
  at: '2026-03-04T10:00:00.000Z',
});

const enqueue = (subjectId: string, event = 'settled', type: 'payout' | 'payin' | 'fx' = 'payout') =>
  inTransaction(t.deps.db, (tx) => {
    const base = { merchantId: company.id, event, subjectId, createdAt: t.clock.now() };
    return enqueuePostback(
      tx,
      type === 'fx'
        ? { ...base, type, payload: fxData(subjectId) }
        : { ...base, type, payload: paymentData(subjectId) },
    );
  });

/** One sweep: claim due events and run the worker jobs now. */
const run = async () => {
  const claimed = await service(t.deps, 'postbacks').dispatch();
  await t.deps.jobs.drain();
  return claimed;
};

const eventsOf = async (subjectId: string) =>
  t.deps.db
    .select()
    .from(postbackOutbox)
    .where(eq(postbackOutbox.subjectId, subjectId))
    .orderBy(postbackOutbox.id);

/** Standard Webhooks verification, written from the convention, not from our signer. */
function verify(r: ReceivedRequest, key: string): boolean {
  const id = String(r.headers['webhook-id']);
  const ts = String(r.headers['webhook-timestamp']);
  const expected = createHmac('sha256', Buffer.from(key.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${ts}.${r.body}`)
    .digest('base64');
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((s) => s === `v1,${expected}`);
}

describe('postback delivery to a real local receiver', () => {
  it('down, failing, too slow, then healthy: retried on the schedule, never lost, signed', async () => {
    await setUrl('payout', downUrl);
    await enqueue('pay-1');
    const start = t.clock.now().getTime();

    expect(await run()).toBe(1);
    let [e] = await eventsOf('pay-1');
    expect(e?.status).toBe('pending');
    expect(e?.lastError).toBe('connect');
    expect(e?.nextAttemptAt?.getTime()).toBe(start + minutes(30));
    expect(await run()).toBe(0); // not due before its time

    await setUrl('payout', `${receiver.base}/fail`);
    t.clock.advance(minutes(30));
    expect(await run()).toBe(1);
    [e] = await eventsOf('pay-1');
    expect(e?.lastStatusCode).toBe(500);
    expect(e?.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + minutes(37));

    await setUrl('payout', `${receiver.base}/late`);
    t.clock.advance(minutes(37));
    expect(await run()).toBe(1);
    [e] = await eventsOf('pay-1');
    expect(e?.lastError).toBe('timeout');
    expect(e?.lastDurationMs).toBeGreaterThanOrEqual(9_900);
    expect(e?.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + minutes(44));

    await setUrl('payout', `${receiver.base}/ok`);
    t.clock.advance(minutes(44));
    expect(await run()).toBe(1);
    [e] = await eventsOf('pay-1');
    expect(e?.status).toBe('delivered');
    expect(e?.attempts).toBe(4);

    const attempts = await t.deps.db
      .select()
      .from(postbackAttempts)
      .where(eq(postbackAttempts.eventId, e?.id ?? 0));
    expect(attempts.map((a) => a.error)).toEqual(['connect', 'http_status', 'timeout', null]);

    const got = receiver.received.filter((r) => JSON.parse(r.body || '{}').subject_id === 'pay-1');
    // The failing, the late and the healthy receiver each saw it, always with the same id.
    expect(got.map((r) => r.path)).toEqual(['/fail', '/late', '/ok']);
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([`evt_${e?.id}`]));
    for (const r of got) expect(verify(r, secret)).toBe(true);
    const body = JSON.parse(got[2]?.body ?? '{}');
    expect(body).toMatchObject({ id: `evt_${e?.id}`, type: 'payout', event: 'settled', subject_id: 'pay-1' });
    expect(body.data).toEqual(paymentData('pay-1'));
    expect(Date.parse(body.created_at)).toBe(start);
    expect(verify(got[2] as ReceivedRequest, 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=')).toBe(
      false,
    );
  }, 60_000);

  it('a receiver that never acknowledges gets at most 50 attempts within 7 days, then the event is failed', async () => {
    await setUrl('payin', `${receiver.base}/fail`);
    await enqueue('pay-2', 'created', 'payin');
    const start = t.clock.now().getTime();
    for (let i = 0; i < 60; i++) {
      await run();
      const [e] = await eventsOf('pay-2');
      if (e?.status !== 'pending') break;
      t.clock.set(e.nextAttemptAt ?? t.clock.now());
    }
    const [e] = await eventsOf('pay-2');
    expect(e?.status).toBe('failed');
    expect(e?.attempts).toBeLessThanOrEqual(POSTBACK_MAX_ATTEMPTS);
    expect(t.clock.now().getTime() - start).toBeLessThanOrEqual(POSTBACK_RETRY_WINDOW_MS);
    const attempts = await t.deps.db
      .select()
      .from(postbackAttempts)
      .where(eq(postbackAttempts.eventId, e?.id ?? 0));
    // Each pause is the domain schedule's.
    for (let i = 1; i < attempts.length; i++) {
      const pause = (attempts[i]?.startedAt.getTime() ?? 0) - (attempts[i - 1]?.startedAt.getTime() ?? 0);
      expect(pause).toBe(postbackRetryDelayMs(i, (attempts[i - 1]?.startedAt.getTime() ?? 0) - start));
    }
  }, 60_000);

  it('an event whose type has no URL is not sent and not logged as failed; a resend delivers it once a URL is set', async () => {
    await enqueue('ret-1', 'returned', 'fx');
    await t.call({
      method: 'POST',
      url: `/api/merchants/update_postback_urls/${company.id}`,
      token: await tokenNow(),
      payload: { postbackUrls: { fx: '' } },
    });
    await run();
    const [e] = await eventsOf('ret-1');
    expect(e).toMatchObject({ status: 'not_sent', lastError: null, lastDurationMs: null, attempts: 0 });
    expect(
      await t.deps.db
        .select()
        .from(postbackAttempts)
        .where(eq(postbackAttempts.eventId, e?.id ?? 0)),
    ).toEqual([]);
    // The log the company reads: no FAILED row, no 0 ms attempt.
    const failed = await t.call({
      method: 'POST',
      url: `/api/postbacks/log/${company.id}/1/50`,
      token: await tokenNow(),
      payload: { status: 'failed', type: 'fx' },
    });
    expect(failed.json().events).toEqual([]);
    const log = await t.call({
      method: 'POST',
      url: `/api/postbacks/log/${company.id}/1/50`,
      token: await tokenNow(),
      payload: { type: 'fx' },
    });
    expect(log.json().events.find((x: { subject_id: string }) => x.subject_id === 'ret-1')).toMatchObject({
      status: 'not_sent',
      attempts: 0,
      last_duration_ms: null,
      last_error: null,
    });

    await setUrl('fx', `${receiver.base}/ok`);
    const resent = await t.call({
      method: 'POST',
      url: `/api/postbacks/resend/${company.id}/${e?.id}`,
      token: await tokenNow(),
    });
    expect(resent.statusCode).toBe(200);
    await run();
    const [after] = await eventsOf('ret-1');
    expect(after).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('events of one object arrive in order', async () => {
    await setUrl('fx', `${receiver.base}/ok`);
    for (const ev of ['created', 'approved', 'settled']) await enqueue('fx-1', ev, 'fx');
    await run();
    const got = receiver.received.filter((r) => JSON.parse(r.body || '{}').subject_id === 'fx-1');
    expect(got.map((r) => JSON.parse(r.body).event)).toEqual(['created', 'approved', 'settled']);
  });

  it('a backlog bigger than one batch goes out from one sweep, one job draining it in order', async () => {
    await setUrl('payin', `${receiver.base}/ok`);
    const subjects = Array.from({ length: 120 }, (_, i) => `backlog-${i}`);
    for (const s of subjects) await enqueue(s, 'settled', 'payin');
    await enqueue('backlog-0', 'refunded', 'payin');
    const before = receiver.received.length;
    // One batch is handed over as a job, not the whole backlog parked in jobs behind the queue's poll.
    expect(await service(t.deps, 'postbacks').dispatch()).toBe(50);
    expect(await t.deps.jobs.drain()).toBe(1);
    const got = receiver.received.slice(before).map((r) => JSON.parse(r.body || '{}'));
    expect(new Set(got.map((b) => b.subject_id))).toEqual(new Set(subjects));
    expect(got.filter((b) => b.subject_id === 'backlog-0').map((b) => b.event)).toEqual([
      'settled',
      'refunded',
    ]);
  });

  it('a redirect is not followed; one towards a refused address is named in the log', async () => {
    await setUrl('payout', `${receiver.base}/redirect`);
    await enqueue('pay-3');
    await run();
    const [e] = await eventsOf('pay-3');
    expect(e?.lastStatusCode).toBe(302);
    expect(e?.lastError).toBe('redirect_refused_address');
    expect(e?.status).toBe('pending');
  });

  it('the resolved address is checked again at delivery: a name now pointing inside is not called', async () => {
    vi.spyOn(resolver, 'lookup').mockResolvedValue(['203.0.113.10']);
    await setUrl('payout', 'https://hooks.example.com/pb');
    vi.spyOn(resolver, 'lookup').mockResolvedValue(['10.0.0.7']);
    const before = receiver.received.length;
    await enqueue('pay-4');
    await run();
    const [e] = await eventsOf('pay-4');
    expect(e?.lastError).toBe('refused_address');
    expect(e?.status).toBe('pending');
    expect(receiver.received.length).toBe(before);
  });

  it('a delivery cut off by a restart is taken again once its lease runs out', async () => {
    await setUrl('payout', `${receiver.base}/ok`);
    await enqueue('pay-5');
    // A worker claimed it and the process died before answering.
    const now = t.clock.now();
    expect(await claimDue(t.deps.db, now, new Date(now.getTime() + minutes(10)), 50)).toHaveLength(1);
    expect(await run()).toBe(0);
    t.clock.advance(minutes(11));
    expect(await run()).toBe(1);
    const [e] = await eventsOf('pay-5');
    expect(e?.status).toBe('delivered');
  });
});

describe('delivery log, test event, resend', () => {
  it('a test event shows in the log with its attempts; resend delivers it again with the same id', async () => {
    await setUrl('payout', `${receiver.base}/ok`);
    const test = await t.call({
      method: 'POST',
      url: `/api/postbacks/test/${company.id}`,
      token: await tokenNow(),
      payload: { type: 'payout' },
    });
    expect(test.statusCode).toBe(200);
    const id = test.json().event.id;
    await run();
    const log = await t.call({
      method: 'POST',
      url: `/api/postbacks/log/${company.id}/1/10`,
      token: await tokenNow(),
      payload: { type: 'payout' },
    });
    const row = log.json().events.find((x: { id: string }) => x.id === id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200, is_test: true });

    const resend = await t.call({
      method: 'POST',
      url: `/api/postbacks/resend/${company.id}/${id}`,
      token: await tokenNow(),
    });
    expect(resend.json().event.status).toBe('pending');
    await run();
    const detail = await t.call({
      method: 'GET',
      url: `/api/postbacks/attempts/${company.id}/${id}`,
      token: await tokenNow(),
    });
    expect(detail.json().attempts.map((a: { status_code: number }) => a.status_code)).toEqual([200, 200]);
    const copies = receiver.received.filter((r) => r.headers['webhook-id'] === `evt_${id}`);
    expect(copies).toHaveLength(2);

    const failedLog = await t.call({
      method: 'POST',
      url: `/api/postbacks/log/${company.id}/1/10`,
      token: await tokenNow(),
      payload: { status: 'failed' },
    });
    expect(failedLog.json().events.every((x: { status: string }) => x.status === 'failed')).toBe(true);
  });

  it('a test event needs a URL for its type; another company cannot see the log', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/postbacks/test/${company.id}`,
      token: await tokenNow(),
      payload: { type: 'ibanAllocation' },
    });
    expect(res.json().code).toBe('POSTBACK_URL_NOT_SET');
    const stranger = await makeUser(t, { merchantId: (await makeCompany(t)).id, isMaster: true });
    const log = await t.call({
      method: 'POST',
      url: `/api/postbacks/log/${company.id}/1/10`,
      token: stranger.token,
      payload: {},
    });
    expect(log.statusCode).toBe(404);
  });
});

describe('secret rotation', () => {
  it('both secrets sign for 24 hours after a rotation, then only the new one (as the API documents)', async () => {
    await setUrl('payout', `${receiver.base}/ok`);
    const old = secret;
    const rotated = await t.call({
      method: 'POST',
      url: `/api/postbacks/rotate_secret/${company.id}`,
      token: await tokenNow(),
    });
    expect(rotated.statusCode).toBe(200);
    const fresh: string = rotated.json().secret;
    secret = fresh;
    expect(fresh).not.toBe(old);

    const deliveredFor = async (subjectId: string) => {
      await enqueue(subjectId);
      await run();
      const [event] = await eventsOf(subjectId);
      const got = receiver.received.find((r) => r.headers['webhook-id'] === `evt_${event?.id}`);
      if (!got) throw new Error(`postback for ${subjectId} not received`);
      return got;
    };

    const during = await deliveredFor('rotation-during');
    expect(verify(during, fresh)).toBe(true);
    expect(verify(during, old)).toBe(true);

    t.clock.advance(24 * 60 * minutes(1) + minutes(1));
    const after = await deliveredFor('rotation-after');
    expect(verify(after, fresh)).toBe(true);
    expect(verify(after, old)).toBe(false);
  });
});
