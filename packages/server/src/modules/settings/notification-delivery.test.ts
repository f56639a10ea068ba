import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userNotificationDeliveries, userNotifications } from '../../db/schema/index.ts';
import { service } from '../../deps.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { type HttpReceiver, startHttpReceiver } from '../../test/http-receiver.ts';
import {
  loginWithTotp,
  makeLoginUser,
  newPasswordFields,
  sha512hex,
  TEST_PASSWORD,
  totpCode,
} from '../../test/identity-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePayer, makeWallet, payout, sepaDetails } from '../payments/payments.fixtures.ts';
import { resolver } from '../postbacks/url-guard.ts';
import { NOTIFY_MAX_ATTEMPTS, NOTIFY_RETRY_DELAYS_MS } from './notification-delivery.ts';

/** A real local chat receiver: `/ok…` acknowledges, `/fail…` answers 500. Every request is kept. */
let receiver: HttpReceiver;

let t: TestApp;

beforeAll(async () => {
  receiver = await startHttpReceiver((path, res) => {
    res.writeHead(path.startsWith('/ok') ? 200 : 500).end();
  });
  // Loopback targets only with the development setting: the local receiver is on 127.0.0.1.
  t = await createTestApp({ postbackAllowInsecure: true });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
afterEach(() => vi.restoreAllMocks());

/** One sweep: claim due notifications and run the worker jobs now. */
const run = async () => {
  const claimed = await service(t.deps, 'notificationDelivery').dispatch();
  await t.deps.jobs.drain();
  return claimed;
};

const mailsOf = async (email: string, kind: string) =>
  (await t.deps.mail.outbox(email)).filter((m) => m.kind === kind);
const postsTo = (prefix: string) =>
  receiver.received
    .filter((r) => r.path.startsWith(prefix))
    .map((r) => ({
      path: r.path,
      body: JSON.parse(r.body) as { text: string; notification: Record<string, unknown> },
    }));

const saveSettings = (token: string, body: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/frusrs/change_settings', token, payload: body });

const setMessengers = (token: string, merchantId: string, messengers: Record<string, string>) =>
  t.call({
    method: 'POST',
    url: `/api/settings/company_notifications/${merchantId}`,
    token,
    payload: { notification_urls: {}, messengers },
  });

/** A company with a Master User, a maker of pay-outs and a funded EUR wallet. */
async function company(chatPath: string, teamEmail = '') {
  const c = await makeCompany(t, { name: `Notify ${chatPath.slice(1, 12)} Ltd` });
  const master = await makePayer(t, { merchantId: c.id, rights: ['create', 'approve'], isMaster: true });
  const maker = await makePayer(t, { merchantId: c.id, rights: ['create'] });
  const wallet = await makeWallet(t, c.id, 'EUR', '5000.00');
  expect(
    (
      await setMessengers(master.token, c.id, {
        chat_webhook_url: `${receiver.base}${chatPath}`,
        ...(teamEmail ? { team_email: teamEmail } : {}),
      })
    ).statusCode,
  ).toBe(200);
  return { c, master, maker, wallet };
}

const payIn = (merchantId: string, walletUuid: string, amount: string) =>
  service(t.deps, 'processing').payIn({
    merchantId,
    walletRef: walletUuid,
    currency: 'EUR',
    amount,
    payerName: 'ACME Trading GmbH',
    payerIban: null,
    method: 'SEPA',
  });

describe('new-payment notifications', () => {
  it('an opted-in user gets one mail per new payment (in their language, amounts as money) and the company chat one POST each; others get none', async () => {
    const team = `team-${Date.now()}@example.com`;
    const { c, maker, wallet } = await company('/ok/payments', team);
    const optedIn = await makeUser(t, { merchantId: c.id });
    const optedInRu = await makeUser(t, { merchantId: c.id });
    const notOptedIn = await makeUser(t, { merchantId: c.id });
    const on = { new_payments: true, channel_email: true, channel_chat: true };
    expect((await saveSettings(optedIn.token, { notification_params: on })).statusCode).toBe(200);
    expect(
      (
        await saveSettings(optedInRu.token, {
          ui_language: 'ru',
          notification_params: { ...on, channel_chat: false },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await saveSettings(notOptedIn.token, {
          notification_params: { new_payments: false, channel_email: true },
        })
      ).statusCode,
    ).toBe(200);

    const payInId = await payIn(c.id, wallet.uuid, '1234.50');
    const created = await payout(t, maker, wallet.uuid, sepaDetails('25.00'));
    expect(created.statusCode).toBe(200);
    const payOutId = created.json().payment.id;

    expect(await run()).toBe(2);
    const mails = await mailsOf(optedIn.user.email, 'payment-notification');
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'New pay-out: €25.00',
      'Payment received: €1,234.50',
    ]);
    const credited = mails.find((m) => m.subject.startsWith('Payment received'));
    expect(credited?.textBody).toContain('€1,234.50 from ACME Trading GmbH was credited to Notify');
    expect(credited?.textBody).toContain(payInId);
    expect(credited?.textBody).not.toMatch(/1234\.5\b/);
    // The time is written as a person reads it, in UTC and saying so (the user has no time zone).
    expect(credited?.textBody).toMatch(/ on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\./);
    expect(credited?.textBody).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    const ru = await mailsOf(optedInRu.user.email, 'payment-notification');
    expect(ru).toHaveLength(2);
    expect(ru.map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^Зачислен платёж: 1\s234,50\s€$/u),
    );
    expect(ru.find((m) => m.subject.startsWith('Новая выплата'))?.textBody).toContain('Bäckerei Müller GmbH');
    const ruCredited = ru.find((m) => m.subject.startsWith('Зачислен'))?.textBody ?? '';
    expect(ruCredited).toMatch(/\(\d{1,2} [а-я]{3,4}\.? \d{4}( г\.)?,? \d{2}:\d{2} UTC\)/u);
    expect(ruCredited).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    expect(await mailsOf(notOptedIn.user.email, 'payment-notification')).toHaveLength(0);
    // The maker created the pay-out and did not opt in: no mail either.
    expect(await mailsOf(maker.user.email, 'payment-notification')).toHaveLength(0);

    const posts = postsTo('/ok/payments');
    expect(posts).toHaveLength(2);
    const credit = posts.find((p) => p.body.notification.event === 'payin_credited');
    expect(credit?.body.notification).toMatchObject({
      kind: 'payment',
      payment_id: payInId,
      amount: '1234.50',
      currency: 'EUR',
      company_id: c.id,
    });
    expect(credit?.body.text).toContain('€1,234.50');
    expect(
      posts.find((p) => p.body.notification.event === 'payout_created')?.body.notification.payment_id,
    ).toBe(payOutId);

    // The team mailbox of the company's messengers: one mail per event, like the chat.
    const teamMails = await mailsOf(team, 'payment-notification');
    expect(teamMails.map((m) => m.subject).sort()).toEqual([
      `${c.name}: New pay-out: €25.00`,
      `${c.name}: Payment received: €1,234.50`,
    ]);

    // A second sweep (a restart, another server) sends nothing again.
    expect(await run()).toBe(0);
    expect(await mailsOf(optedIn.user.email, 'payment-notification')).toHaveLength(2);
    expect(postsTo('/ok/payments')).toHaveLength(2);
  });

  it('a burst bigger than one batch is mailed from one sweep: one job works the whole backlog', async () => {
    const { c, wallet } = await company('/ok/burst');
    const user = await makeUser(t, { merchantId: c.id });
    const on = { new_payments: true, channel_email: true, channel_chat: false };
    expect((await saveSettings(user.token, { notification_params: on })).statusCode).toBe(200);
    for (let i = 0; i < 60; i++) await payIn(c.id, wallet.uuid, `${i + 1}.00`);
    expect(await service(t.deps, 'notificationDelivery').dispatch()).toBe(50);
    expect(await t.deps.jobs.drain()).toBe(1);
    const mails = (await t.deps.mail.outbox(user.user.email, 100)).filter(
      (m) => m.kind === 'payment-notification',
    );
    expect(mails).toHaveLength(60);
  });

  it('a company where nobody opted in stores no notification at all', async () => {
    const { c, wallet } = await company('/ok/nobody');
    const id = await payIn(c.id, wallet.uuid, '10.00');
    const rows = await t.deps.db.select().from(userNotifications).where(eq(userNotifications.subjectId, id));
    expect(rows).toHaveLength(0);
  });

  it('a chat webhook answering 500 does not fail the payment; it is retried a few times, then given up', async () => {
    const { c, maker, wallet } = await company('/fail/chat');
    const optedIn = await makeUser(t, { merchantId: c.id });
    await saveSettings(optedIn.token, {
      notification_params: { new_payments: true, channel_email: true, channel_chat: true },
    });
    const created = await payout(t, maker, wallet.uuid, sepaDetails('40.00'));
    expect(created.statusCode).toBe(200);

    await run();
    expect(postsTo('/fail/chat')).toHaveLength(1);
    // The mail is not held back by the failing webhook.
    expect(await mailsOf(optedIn.user.email, 'payment-notification')).toHaveLength(1);
    for (const pause of NOTIFY_RETRY_DELAYS_MS) {
      expect(await run()).toBe(0); // not due yet
      t.clock.advance(pause);
      expect(await run()).toBe(1);
    }
    expect(postsTo('/fail/chat')).toHaveLength(NOTIFY_MAX_ATTEMPTS);
    t.clock.advance(24 * 60 * 60_000);
    expect(await run()).toBe(0);
    expect(postsTo('/fail/chat')).toHaveLength(NOTIFY_MAX_ATTEMPTS);
    expect(await mailsOf(optedIn.user.email, 'payment-notification')).toHaveLength(1);

    const [n] = await t.deps.db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.merchantId, c.id));
    expect(n).toMatchObject({ status: 'failed', lastError: 'chat: http_status' });
    const deliveries = await t.deps.db
      .select()
      .from(userNotificationDeliveries)
      .where(eq(userNotificationDeliveries.notificationId, n?.id ?? 0));
    expect(deliveries.map((d) => [d.channel, d.status, d.attempts, d.statusCode]).sort()).toEqual([
      ['chat', 'failed', NOTIFY_MAX_ATTEMPTS, 500],
      ['email', 'sent', 1, null],
    ]);
  });

  it('the webhook address is checked again when sending: a name that now resolves to a private address gets nothing', async () => {
    const lookup = vi.spyOn(resolver, 'lookup').mockResolvedValue(['93.184.216.34']);
    const c = await makeCompany(t);
    const master = await makePayer(t, { merchantId: c.id, rights: ['create'], isMaster: true });
    const wallet = await makeWallet(t, c.id, 'EUR');
    expect(
      (await setMessengers(master.token, c.id, { chat_webhook_url: 'https://chat.example.com/hooks/T1' }))
        .statusCode,
    ).toBe(200);
    await saveSettings(master.token, { notification_params: { new_payments: true, channel_chat: true } });
    await payIn(c.id, wallet.uuid, '5.00');
    lookup.mockResolvedValue(['10.0.0.7']);
    await run();
    const [n] = await t.deps.db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.merchantId, c.id));
    expect(n).toMatchObject({ status: 'failed', lastError: 'chat: refused_address' });
    expect(await mailsOf(master.user.email, 'payment-notification')).toHaveLength(1);
  });
});

describe('chat webhook at save time', () => {
  it.each([
    ['http://10.0.0.5/hooks/chat'],
    ['https://192.168.1.20/hooks/chat'],
    ['http://169.254.169.254/latest/meta-data/'],
  ])('refuses %s with a clear message and writes nothing', async (url) => {
    const c = await makeCompany(t);
    const master = await makeUser(t, { merchantId: c.id, isMaster: true });
    const res = await setMessengers(master.token, c.id, { chat_webhook_url: url });
    expect(res.statusCode).toBe(417);
    expect(res.json()).toMatchObject({
      code: 'URL_FORBIDDEN_HOST',
      fields: { 'messengers.chat_webhook_url': 'URL_FORBIDDEN_HOST' },
    });
    expect(res.json().messages[0]).toMatch(/loopback, private, link-local or metadata address/);
    const saved = await t.call({ method: 'GET', url: `/api/settings/company/${c.id}`, token: master.token });
    expect(saved.json().settings.messengers.chat_webhook_url).toBe('');
  });

  it('refuses 127.0.0.1 without the development setting', async () => {
    const prod = await createTestApp();
    try {
      const c = await makeCompany(prod);
      const master = await makeUser(prod, { merchantId: c.id, isMaster: true });
      const res = await prod.call({
        method: 'POST',
        url: `/api/settings/company_notifications/${c.id}`,
        token: master.token,
        payload: { notification_urls: {}, messengers: { chat_webhook_url: 'https://127.0.0.1:8443/hook' } },
      });
      expect(res.statusCode).toBe(417);
      expect(res.json().fields).toEqual({ 'messengers.chat_webhook_url': 'URL_FORBIDDEN_HOST' });
    } finally {
      await prod.close();
    }
  });
});

describe('security-event notifications', () => {
  const loginFrom = async (login: string, secret: string, ip: string) => {
    t.clock.advance(30_000);
    const res = await t.call({
      method: 'POST',
      url: '/api/frusrs/tkn',
      remoteAddress: ip,
      payload: { login, password: sha512hex(TEST_PASSWORD), secret_code: totpCode(t, secret) },
    });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };

  it('a sign-in from a new address reaches an opted-in user by mail and the company chat; a known address and a user who opted out get nothing', async () => {
    const { c } = await company('/ok/security');
    const user = await makeLoginUser(t, { merchantId: c.id });
    const quiet = await makeLoginUser(t, { merchantId: c.id });
    await saveSettings(user.token, {
      notification_params: { security_events: true, channel_email: true, channel_chat: true },
    });
    await saveSettings(quiet.token, { notification_params: { security_events: false } });

    // The very first sign-in has nothing to compare with; the same address again is known.
    await loginFrom(user.login, user.secret, '203.0.113.7');
    await loginFrom(user.login, user.secret, '203.0.113.7');
    await run();
    expect(await mailsOf(user.user.email, 'security-notification')).toHaveLength(0);

    await loginFrom(user.login, user.secret, '198.51.100.23');
    await loginFrom(quiet.login, quiet.secret, '203.0.113.7');
    await loginFrom(quiet.login, quiet.secret, '198.51.100.23');
    await run();
    const [mail, ...more] = await mailsOf(user.user.email, 'security-notification');
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('New sign-in from an unfamiliar address');
    expect(mail?.textBody).toContain('from 198.51.100.23, an address not used for a sign-in before');
    expect(mail?.textBody).toMatch(/before, on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\./);
    expect(mail?.textBody).toContain('change your password');
    const posts = postsTo('/ok/security');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body.notification).toMatchObject({
      kind: 'security',
      event: 'login_new_address',
      ip: '198.51.100.23',
      user_id: user.user.id,
    });
    expect(await mailsOf(quiet.user.email, 'security-notification')).toHaveLength(0);
  });

  it('a password change is mailed to the user by default (security events on, e-mail channel)', async () => {
    const c = await makeCompany(t);
    const user = await makeLoginUser(t, { merchantId: c.id });
    const token = await loginWithTotp(t, user.login, user.secret);
    const res = await t.call({
      method: 'POST',
      url: '/api/frusrs/change_password',
      token,
      payload: { old_password: sha512hex(TEST_PASSWORD), ...newPasswordFields('Another-Horse-8') },
    });
    expect(res.statusCode).toBe(200);
    await run();
    const mails = await mailsOf(user.user.email, 'security-notification');
    expect(mails.map((m) => m.subject)).toEqual(['Your password was changed']);
  });
});
