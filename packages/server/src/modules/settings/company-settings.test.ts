import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityHistory } from '../../db/schema/index.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { makeLoginUser, sha512hex, TEST_PASSWORD, totpCode } from '../../test/identity-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { resolver } from '../postbacks/url-guard.ts';

let t: TestApp;
let company: { id: string };
let other: { id: string };
let master: { user: { id: string }; token: string };
let standard: { token: string };
let otherMaster: { token: string };
let staff: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  company = await makeCompany(t, { name: 'Whitelist Ltd' });
  other = await makeCompany(t, { name: 'Other Ltd' });
  master = await makeUser(t, { merchantId: company.id, isMaster: true });
  standard = await makeUser(t, { merchantId: company.id, rights: ['create', 'approve'] });
  otherMaster = await makeUser(t, { merchantId: other.id, isMaster: true });
  staff = await makeUser(t, { group: 'CSM' });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const setList = (
  token: string,
  ipWhitelist: string[],
  extra: Record<string, unknown> = {},
  remoteAddress = '127.0.0.1',
  id = company.id,
) =>
  t.call({
    method: 'POST',
    url: `/api/merchants/update_ip_white_list/${id}`,
    token,
    remoteAddress,
    payload: { ipWhitelist, ...extra },
  });

const setUrls = (token: string, postbackUrls: Record<string, string>, id = company.id) =>
  t.call({
    method: 'POST',
    url: `/api/merchants/update_postback_urls/${id}`,
    token,
    payload: { postbackUrls },
  });

const settingsOf = async (remoteAddress = '127.0.0.1') => {
  const res = await t.call({
    method: 'GET',
    url: `/api/settings/company/${company.id}`,
    token: staff.token,
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return res.json().settings;
};

describe('IP white list: bad input is refused with a clear message and nothing written', () => {
  it.each([
    [['300.1.1.1'], 'IP_MALFORMED'],
    [['10.0.0.0/33'], 'IP_MALFORMED'],
    [['2001:db8::1::2'], 'IP_MALFORMED'],
    [['office'], 'IP_MALFORMED'],
    [['203.0.113.7', ' 203.0.113.7 '], 'IP_DUPLICATE'],
  ])('%j', async (list, code) => {
    const res = await setList(master.token, list);
    expect(res.statusCode).toBe(417);
    expect(res.json().code).toBe('IP_WHITELIST_INVALID');
    expect(Object.values(res.json().fields)).toContain(code);
    expect(res.json().messages[0]).toMatch(/not valid IPv4\/IPv6 addresses or CIDR ranges/);
    expect((await settingsOf()).ipWhitelist).toEqual([]);
  });

  it('0.0.0.0/0 and ::/0 warn and need a confirmation', async () => {
    for (const range of ['0.0.0.0/0', '::/0']) {
      const res = await setList(master.token, [range]);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('IP_WHITELIST_ALLOWS_ALL');
      expect(res.json().messages[0]).toContain(range);
    }
    expect((await settingsOf()).ipWhitelist).toEqual([]);
    const ok = await setList(master.token, ['0.0.0.0/0'], { confirm_allow_all: true });
    expect(ok.statusCode).toBe(200);
    expect((await setList(master.token, [])).statusCode).toBe(200);
  });

  it('more than 100 entries are refused', async () => {
    const list = Array.from({ length: 101 }, (_, i) => `198.51.100.${i}`);
    const res = await setList(master.token, list);
    expect(res.json().code).toBe('IP_WHITELIST_TOO_LONG');
  });

  it('the Master User is warned before locking themself out', async () => {
    const res = await setList(master.token, ['203.0.113.0/24'], {}, '198.51.100.7');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IP_WHITELIST_LOCKOUT');
    expect(res.json().messages[0]).toContain('198.51.100.7');
    expect((await settingsOf()).ipWhitelist).toEqual([]);
  });

  it('only the Master User or staff may change it; another company answers 404', async () => {
    expect((await setList(standard.token, ['203.0.113.0/24'])).json().code).toBe('ONLY_MASTER_USER');
    expect((await setList(otherMaster.token, ['203.0.113.0/24'])).statusCode).toBe(404);
    expect(
      (await setList(master.token, [], {}, '127.0.0.1', '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });
});

describe('IP white list enforcement', () => {
  it('normalises entries, then refuses calls from outside (403, security history) and serves calls from inside', async () => {
    const saved = await setList(master.token, ['203.0.113.9/24', '2001:DB8::/32'], {}, '203.0.113.50');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().ipWhitelist).toEqual(['203.0.113.0/24', '2001:db8::/32']);
    expect(saved.json().ip_whitelist_apply_seconds).toBeLessThanOrEqual(20 * 60);

    const get = (remoteAddress: string, token = master.token, headers: Record<string, string> = {}) =>
      t.call({ method: 'GET', url: `/api/merchants/${company.id}`, token, remoteAddress, headers });

    const refused = await get('198.51.100.7');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('IP_NOT_WHITELISTED');
    expect(refused.json().messages[0]).toContain('198.51.100.7');
    // Without a trusted proxy a forged X-Forwarded-For changes nothing.
    expect((await get('198.51.100.8', master.token, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(
      403,
    );
    // Other users of the company are bound too.
    expect((await get('198.51.100.7', standard.token)).statusCode).toBe(403);

    expect((await get('203.0.113.9')).statusCode).toBe(200);
    expect((await get('2001:db8:5::1')).statusCode).toBe(200);
    // Staff are not bound by a client's list.
    expect((await get('198.51.100.7', staff.token)).statusCode).toBe(200);

    const history = await t.deps.db
      .select()
      .from(securityHistory)
      .where(eq(securityHistory.userId, master.user.id));
    expect(history.some((h) => h.actionType === 'ip_refused' && h.ip === '198.51.100.7')).toBe(true);

    // Emptying the list opens the company again, at once on this server.
    expect((await setList(staff.token, [], {}, '198.51.100.7')).statusCode).toBe(200);
    expect((await get('198.51.100.7')).statusCode).toBe(200);
  });

  it('a login from outside the list is refused with its message before any token, and recorded', async () => {
    const locked = await makeCompany(t, { name: 'Locked Ltd' });
    const user = await makeLoginUser(t, { merchantId: locked.id, isMaster: true });
    expect((await setList(user.token, ['203.0.113.0/24'], {}, '203.0.113.5', locked.id)).statusCode).toBe(
      200,
    );
    const login = (remoteAddress: string, body: Record<string, unknown>) => {
      t.clock.advance(30_000);
      return t.call({
        method: 'POST',
        url: '/api/frusrs/tkn',
        remoteAddress,
        payload: { login: user.login, password: sha512hex(TEST_PASSWORD), ...body },
      });
    };

    const refused = await login('198.51.100.9', { secret_code: totpCode(t, user.secret) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('IP_NOT_WHITELISTED');
    expect(refused.json().messages[0]).toContain('198.51.100.9');
    expect(refused.json().token).toBeUndefined();
    // Not even the pre-MFA step opens from there; a wrong password still says only that.
    expect((await login('198.51.100.9', {})).json().code).toBe('IP_NOT_WHITELISTED');
    expect((await login('198.51.100.9', { password: sha512hex('Wrong-Horse-7') })).statusCode).toBe(401);

    const history = await t.deps.db
      .select()
      .from(securityHistory)
      .where(eq(securityHistory.userId, user.user.id));
    expect(
      history.some(
        (h) =>
          h.actionType === 'login' &&
          h.actionResult === 'failure' &&
          h.errors === 'IP_NOT_WHITELISTED' &&
          h.ip === '198.51.100.9',
      ),
    ).toBe(true);

    const inside = await login('203.0.113.7', { secret_code: totpCode(t, user.secret) });
    expect(inside.statusCode).toBe(200);
    expect(inside.json().token).toEqual(expect.any(String));
  });
});

describe('postback URLs: bad input is refused with a clear message and nothing written', () => {
  it.each([
    ['http://hooks.example.com/pb', 'URL_NOT_HTTPS'],
    ['https://127.0.0.1/pb', 'URL_FORBIDDEN_HOST'],
    ['https://10.0.0.8/pb', 'URL_FORBIDDEN_HOST'],
    ['https://169.254.169.254/latest/meta-data/', 'URL_FORBIDDEN_HOST'],
    ['https://localhost/pb', 'URL_FORBIDDEN_HOST'],
    ['https://[::1]/pb', 'URL_FORBIDDEN_HOST'],
    ['https://user:secret@hooks.example.com/pb', 'URL_HAS_CREDENTIALS'],
    ['hooks.example.com/pb', 'URL_INVALID'],
    [`https://hooks.example.com/${'x'.repeat(2100)}`, 'URL_TOO_LONG'],
  ])('%s → %s', async (url, code) => {
    const res = await setUrls(master.token, { payout: url });
    expect(res.statusCode).toBe(417);
    expect(res.json().code).toBe(code);
    expect(res.json().fields['postbackUrls.payout']).toBe(code);
    expect((await settingsOf()).postbackUrls).toEqual({});
  });

  it('names resolving to loopback, private or metadata addresses are refused', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '169.254.169.254', '::1']) {
      vi.spyOn(resolver, 'lookup').mockResolvedValue(['203.0.113.10', address]);
      const res = await setUrls(master.token, { payin: 'https://rebind.example.com/pb' });
      expect(res.json().code).toBe('URL_FORBIDDEN_HOST');
    }
    vi.spyOn(resolver, 'lookup').mockRejectedValue(new Error('ENOTFOUND'));
    expect((await setUrls(master.token, { payin: 'https://nowhere.example.com/pb' })).json().code).toBe(
      'URL_UNRESOLVABLE',
    );
    expect((await settingsOf()).postbackUrls).toEqual({});
  });

  it('an unknown postback type is a validation error', async () => {
    const res = await setUrls(master.token, { lottery: 'https://hooks.example.com/pb' });
    expect(res.statusCode).toBe(417);
  });

  it('a good URL is saved; the first one creates the signing secret, shown once', async () => {
    vi.spyOn(resolver, 'lookup').mockResolvedValue(['203.0.113.10']);
    const first = await setUrls(master.token, { payout: 'https://hooks.example.com/payout' });
    expect(first.statusCode).toBe(200);
    expect(first.json().postbackUrls).toEqual({ payout: 'https://hooks.example.com/payout' });
    expect(first.json().secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const second = await setUrls(master.token, { payin: 'https://hooks.example.com/payin', payout: '' });
    expect(second.json().postbackUrls).toEqual({ payin: 'https://hooks.example.com/payin' });
    expect(second.json().secret).toBeNull();
    const s = await settingsOf();
    expect(s.secret.has_secret).toBe(true);
    expect(JSON.stringify(s)).not.toContain('whsec_');
  });

  it('rotating the secret answers a new one once', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/postbacks/rotate_secret/${company.id}`,
      token: master.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().secret).toMatch(/^whsec_/);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `/api/postbacks/rotate_secret/${company.id}`,
          token: standard.token,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('notification message URLs and messengers', () => {
  const save = (body: Record<string, unknown>) =>
    t.call({
      method: 'POST',
      url: `/api/settings/company_notifications/${company.id}`,
      token: master.token,
      payload: body,
    });

  it('refuses unsafe URLs, saves good ones', async () => {
    const bad = await save({
      notification_urls: { payments: 'https://192.168.1.1/x' },
      messengers: { chat_webhook_url: 'http://chat.example.com/hook' },
    });
    expect(bad.statusCode).toBe(417);
    expect(bad.json().fields).toEqual({
      'notification_urls.payments': 'URL_FORBIDDEN_HOST',
      'messengers.chat_webhook_url': 'URL_NOT_HTTPS',
    });
    vi.spyOn(resolver, 'lookup').mockResolvedValue(['203.0.113.20']);
    const ok = await save({
      notification_urls: { payments: 'https://erp.example.com/payments' },
      messengers: { chat_webhook_url: 'https://chat.example.com/hooks/T1', team_email: 'ops@example.com' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().settings.notification_urls).toEqual({ payments: 'https://erp.example.com/payments' });
    expect(ok.json().settings.messengers.team_email).toBe('ops@example.com');
  });
});
