import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createListeningTestApp, type ListeningTestApp, readUntil } from '../../test/event-stream.ts';
import { makeWallet } from '../payments/payments.fixtures.ts';
import { eventHub } from './event-hub.ts';

let t: ListeningTestApp;
beforeAll(async () => {
  t = await createListeningTestApp();
});
afterAll(() => t.close());

describe('GET /api/notifications/stream (Server-Sent Events)', () => {
  it('pushes a pay-in of the company at once; the token may come as access_token', async () => {
    const company = await makeCompany(t);
    const wallet = await makeWallet(t, company.id, 'EUR');
    const user = await makeUser(t, { merchantId: company.id });
    const res = await fetch(`${t.streamUrl}?access_token=${user.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const connected = readUntil(res, (s) => s.includes('event: payment'));
    const id = await service(t.deps, 'processing').payIn({
      merchantId: company.id,
      walletRef: wallet.uuid,
      currency: 'EUR',
      amount: '3.00',
      payerName: 'P',
      payerIban: null,
      method: 'SEPA',
    });
    const text = await connected;
    expect(text).toContain(`"payment_id":"${id}"`);
    expect(text).toContain('"status":"settled"');
  });

  it('another company’s changes never reach the stream; no token is 401', async () => {
    expect((await fetch(t.streamUrl)).status).toBe(401);
    const mine = await makeCompany(t);
    const other = await makeCompany(t);
    const otherWallet = await makeWallet(t, other.id, 'EUR');
    const myWallet = await makeWallet(t, mine.id, 'EUR');
    const user = await makeUser(t, { merchantId: mine.id });
    const res = await fetch(t.streamUrl, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const reading = readUntil(res, (s) => s.includes('event: payment'));
    const processing = service(t.deps, 'processing');
    const theirs = await processing.payIn({
      merchantId: other.id,
      walletRef: otherWallet.uuid,
      currency: 'EUR',
      amount: '9.00',
      payerName: 'X',
      payerIban: null,
      method: 'SEPA',
    });
    const own = await processing.payIn({
      merchantId: mine.id,
      walletRef: myWallet.uuid,
      currency: 'EUR',
      amount: '1.00',
      payerName: 'Y',
      payerIban: null,
      method: 'SEPA',
    });
    const text = await reading;
    expect(text).toContain(own);
    expect(text).not.toContain(theirs);
  });

  it('carries one company’s rows to all its streams, resumes after Last-Event-ID, and passes other areas’ kinds', async () => {
    const company = await makeCompany(t);
    const wallet = await makeWallet(t, company.id, 'EUR');
    const user = await makeUser(t, { merchantId: company.id });
    const processing = service(t.deps, 'processing');
    const payIn = (amount: string) =>
      processing.payIn({
        merchantId: company.id,
        walletRef: wallet.uuid,
        currency: 'EUR',
        amount,
        payerName: 'P',
        payerIban: null,
        method: 'SEPA',
      });
    const first = await payIn('1.00');
    const open = (headers: Record<string, string> = {}) =>
      fetch(t.streamUrl, {
        headers: { authorization: `Bearer ${user.token}`, ...headers },
      });
    // Resumes from the beginning: the earlier pay-in is replayed to this stream only.
    const resumed = await open({ 'last-event-id': '1' });
    const live = await open();
    let second = '';
    const both = (s: string) => second !== '' && s.includes(second) && s.includes('event: messages');
    const readResumed = readUntil(resumed, both);
    const readLive = readUntil(live, both);
    second = await payIn('2.00');
    // A counter of another area, published as another server process would (NOTIFY on commit).
    await eventHub(t.deps).publish(company.id, 'messages');
    const [a, b] = await Promise.all([readResumed, readLive]);
    expect(a).toContain(first);
    expect(a).toContain(second);
    expect(b).not.toContain(first);
    expect(b).toContain(second);
  });

  it('a revoked session ends its stream at once', async () => {
    const company = await makeCompany(t);
    const user = await makeUser(t, { merchantId: company.id });
    const res = await fetch(t.streamUrl, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const reading = readUntil(res, (s) => s.includes('event: end'));
    const [{ sid }] = [JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString())];
    await service(t.deps, 'sessions').revoke(t.deps.db, sid, 'logout');
    expect(await reading).toContain('"reason":"session"');
  });
});
