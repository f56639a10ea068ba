import { CLIENT_USER_RIGHTS, POSTBACK_TYPES, type PostbackType, postbackBodySchemas } from '@portal/domain';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { service } from '../../deps.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { type HttpReceiver, type ReceivedRequest, startHttpReceiver } from '../../test/http-receiver.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { exchange } from '../fx/fx.fixtures.ts';
import { RECEIVER, sendTransfer, usdtInput } from '../onchain/onchain.fixtures.ts';
import { makePayer, makeWallet, payout, sepaDetails } from '../payments/payments.fixtures.ts';
import { corporateDetails, decide, GROUPS, requestVa, vaAction } from '../virtual-accounts/va.fixtures.ts';

/**
 * Issue 35: every postback type of spec §9 comes from a real event caused through the API, reaches
 * the company's URL signed so that the official Standard Webhooks library accepts it, and has the
 * body the OpenAPI document publishes for it. `walletFundTransfer` has its own test with its producer.
 */
let t: TestApp;
let receiver: HttpReceiver;
let companyId: string;
let user: Awaited<ReturnType<typeof makePayer>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
let secret: string;

/** The processing simulator returns pay-outs to this test IBAN after they settle. */
const RETURNED_IBAN = 'DE19370400440000000009';

beforeAll(async () => {
  receiver = await startHttpReceiver((_path, res) => res.writeHead(200).end('ok'));
  t = await createTestApp({ postbackAllowInsecure: true });
  t.clock.set('2026-03-03T10:00:00Z'); // Tuesday, within FX, CHAPS and on-chain hours
  companyId = (await makeCompany(t, { name: 'Postback Types Ltd', serviceCode: 'MerchantService' })).id;
  user = await makePayer(t, {
    merchantId: companyId,
    rights: [...CLIENT_USER_RIGHTS],
    isMaster: true,
    autoApprove: true,
  });
  admin = await makeUser(t, { group: 'admin' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** Sessions last 830 s and the test moves the clock: fresh tokens for both users. */
async function relogin() {
  const sessions = service(t.deps, 'sessions');
  user.token = (await sessions.issue(t.deps.db, user.user.id, 'session')).token;
  admin.token = (await sessions.issue(t.deps.db, admin.user.id, 'session')).token;
}

async function ok(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field below
  return res.json() as any;
}

/** The Standard Webhooks library checks the timestamp against its clock: the receiver's is the server's. */
function verify(r: ReceivedRequest, key: string, body = r.body) {
  vi.useFakeTimers({ toFake: ['Date'], now: t.clock.now() });
  try {
    return new Webhook(key).verify(body, {
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    });
  } finally {
    vi.useRealTimers();
  }
}

describe('every postback type (spec §9) from a real event, verified as a receiver would', () => {
  it('payin, payout, payoutReturn, refund, fx, virtualAccountAction and ibanAllocation arrive signed, in their published shape', async () => {
    secret = (await ok(await t.post(`/api/postbacks/rotate_secret/${companyId}`, user.token))).secret;
    const postbackUrls = Object.fromEntries(POSTBACK_TYPES.map((type) => [type, `${receiver.base}/${type}`]));
    await ok(await t.post(`/api/merchants/update_postback_urls/${companyId}`, user.token, { postbackUrls }));
    const eur = await makeWallet(t, companyId, 'EUR', '1000.00');
    const gbp = await makeWallet(t, companyId, 'GBP');
    const crypto = await service(t.deps, 'onchain').ensureWallets(companyId);
    const usdt = crypto.find((a) => a.asset === 'USDT' && a.network === 'ethereum');
    if (!usdt) throw new Error('no USDT wallet');

    // payin (a bank transfer in, from the processing simulator) and its refund.
    const payin = await ok(
      await t.post('/api/operator/processing/payin', admin.token, {
        merchant_id: companyId,
        wallet_id: eur.uuid,
        currency: 'EUR',
        amount: '75.25',
        payer_name: 'Customer AG',
        payer_iban: 'DE89370400440532013000',
      }),
    );
    await ok(await t.post(`/api/payments/refund/${payin.payment_id}`, user.token));

    // payin of a payment request (hosted pay-in link) and of an escrow deal.
    await ok(
      await t.post('/api/payment_requests', user.token, {
        amount: '100.00',
        currency: 'EUR',
        reference: 'ORDER-35',
        description: 'Two blue chairs',
        customer_name: 'Jane Customer',
        customer_email: 'jane@example.com',
        expires_at: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
      }),
    );
    await ok(
      await t.post('/api/onchain/escrow/deals', user.token, {
        ticker: 'USDT',
        network: 'ethereum',
        currency: 'USD',
        expected_amount: '150.50',
        receiver_wallet: RECEIVER,
        ttl_hours: 6,
      }),
    );

    // fx: an instant exchange.
    const fx = await exchange(t, user, {
      sell_wallet_id: eur.id,
      sell_currency: 'EUR',
      buy_wallet_id: gbp.id,
      buy_currency: 'GBP',
      settlement: 'instant',
      sell_amount: '100.00',
    });
    await ok(fx.response);

    // payout to a blockchain address, funded by a simulated deposit.
    await ok(
      await t.post('/api/onchain/sim/deposit', admin.token, {
        merchant_id: companyId,
        network: 'ethereum',
        ticker: 'USDT',
        address: usdt.address,
        amount: '500',
      }),
    );
    await ok(await sendTransfer(t, user, usdtInput(String(usdt.walletId))));

    // ibanAllocation, then virtualAccountAction when the client closes the account.
    const group = await t.call({
      method: 'POST',
      url: `/api/operator/va_groups/${companyId}`,
      token: admin.token,
      payload: { ...GROUPS.ukAccount, range_from: 1, range_to: 40 },
    });
    await ok(group);
    const request = (await ok(await requestVa(t, user, 'corporate', corporateDetails(eur.uuid))))
      .iban_request;
    const allocated = (await ok(await decide(t, admin, request.uuid))).iban_request;
    await ok(await vaAction(t, user, 'close', eur.id, { iban: allocated.iban_number, reason: 'VAAC010' }));

    // payout, then payoutReturn: the rail settles it, then the payee bank sends it back.
    await ok(await payout(t, user, eur.uuid, sepaDetails('30.00', { iban: RETURNED_IBAN })));
    for (let i = 0; i < 2; i++) {
      t.clock.advance(10 * 60_000);
      await relogin();
      await ok(await t.post('/api/operator/processing/run_due', admin.token));
      await t.deps.jobs.drain();
    }

    // A test event of the type with no producer here: its body is published too.
    await ok(await t.post(`/api/postbacks/test/${companyId}`, user.token, { type: 'walletFundTransfer' }));

    const postbacks = service(t.deps, 'postbacks');
    while ((await postbacks.dispatch()) > 0) await t.deps.jobs.drain();

    const seen = new Map<PostbackType, Set<string>>();
    expect(receiver.received.length).toBeGreaterThan(10);
    for (const r of receiver.received) {
      const type = r.path.slice(1) as PostbackType;
      expect(POSTBACK_TYPES).toContain(type);
      // The official library accepts the signature under the company's secret...
      const body = verify(r, secret) as Record<string, unknown>;
      // ...and refuses the same delivery with a changed body.
      expect(() => verify(r, secret, r.body.replace('"data":', '"data" :'))).toThrow(
        WebhookVerificationError,
      );
      expect(body.type).toBe(type);
      expect(r.headers['webhook-id']).toBe(body.id);
      // The published schema describes the body whole: nothing missing, nothing more.
      const parsed = postbackBodySchemas[type].safeParse(body);
      expect(parsed.error?.issues, `${type} ${r.body}`).toBeUndefined();
      expect(parsed.data).toEqual(body);
      const data = body.data as { kind?: string };
      if (body.test === false) seen.set(type, (seen.get(type) ?? new Set()).add(data.kind ?? type));
    }
    expect(Object.fromEntries([...seen].map(([type, kinds]) => [type, [...kinds].sort()]))).toEqual({
      payin: ['escrow_deal', 'payment', 'payment_request'],
      payout: ['onchain_transfer', 'payment'],
      payoutReturn: ['payment'],
      refund: ['payment'],
      fx: ['fx'],
      virtualAccountAction: ['virtualAccountAction'],
      ibanAllocation: ['ibanAllocation'],
    });
    expect(receiver.received.some((r) => r.path === '/walletFundTransfer')).toBe(true);
  });

  it('the OpenAPI document publishes each type under webhooks: body, signature headers, 2xx expected', async () => {
    const doc = await ok(await t.call({ method: 'GET', url: '/api/docs/json' }));
    expect(Object.keys(doc.webhooks).sort()).toEqual([...POSTBACK_TYPES].sort());
    for (const type of POSTBACK_TYPES) {
      const post = doc.webhooks[type].post;
      expect(post.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
        'header:webhook-id',
        'header:webhook-timestamp',
        'header:webhook-signature',
      ]);
      expect(Object.keys(post.responses)).toEqual(['2XX']);
      const schema = post.requestBody.content['application/json'].schema;
      const real = schema.oneOf ?? schema.anyOf;
      expect(JSON.stringify(real), type).toContain(`"const":"${type}"`);
      expect(JSON.stringify(real), type).toContain('"data"');
    }
  });
});
