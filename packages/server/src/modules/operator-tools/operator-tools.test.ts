import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userMerchants } from '../../db/schema/index.ts';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { requestQuote } from '../fx/fx.fixtures.ts';
import { onchainCompany, sendTransfer, usdtInput } from '../onchain/onchain.fixtures.ts';
import { makePayer, makeWallet, payout, sepaDetails } from '../payments/payments.fixtures.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t, { group: 'admin' })).token;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.call({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
const setStatus = (token: string, id: string, status: string, reason: string) =>
  call('POST', `/operator/tools/wallets/${id}/status`, token, { status, reason });

async function auditOf(subjectId: string) {
  return t.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
}

describe('wallet status (spec §4)', () => {
  it('disables with a reason: pay-outs and exchanges are refused saying why; re-enabling works', async () => {
    const company = await makeCompany(t);
    const eur = await makeWallet(t, company.id, 'EUR', '500.00');
    const gbp = await makeWallet(t, company.id, 'GBP', '500.00');
    const payer = await makePayer(t, {
      merchantId: company.id,
      rights: ['create', 'approve', 'approveOwn', 'instantFx'],
    });

    const off = await setStatus(admin, eur.uuid, 'disabled', 'Sanctions screening hit under review');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().wallet).toMatchObject({
      status: 'disabled',
      status_reason: 'Sanctions screening hit under review',
    });
    const audit = await auditOf(eur.uuid);
    expect(audit.map((a) => a.action)).toContain('wallets.status_changed');

    const refused = await payout(t, payer, eur.id, sepaDetails('10.00'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'WALLET_DISABLED',
      messages: [expect.stringContaining('Sanctions screening hit under review')],
    });
    const fx = await requestQuote(t, payer.token, {
      sell_wallet_id: eur.id,
      sell_currency: 'EUR',
      buy_wallet_id: gbp.id,
      buy_currency: 'GBP',
      sell_amount: '10.00',
    });
    expect(fx.json().code).toBe('WALLET_DISABLED');

    const list = await call('GET', `/operator/tools/companies/${company.id}/wallets`, admin);
    expect(list.json().wallets.find((w: { id: string }) => w.id === eur.uuid)).toMatchObject({
      status: 'disabled',
      balances: [{ currency: 'EUR', balance: '500.00', available: '500.00' }],
    });

    const on = await setStatus(admin, eur.uuid, 'active', 'Review cleared');
    expect(on.statusCode, on.body).toBe(200);
    const again = await payout(t, payer, eur.id, sepaDetails('10.00'));
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a disabled wallet refuses on-chain sends', async () => {
    const c = await onchainCompany(t, { usdt: 1_000_000_000n });
    const wallet = await t.deps.database.query<{ uuid: string }>(
      'SELECT uuid::text AS uuid FROM wallets WHERE id = $1',
      [Number(c.usdtWalletId)],
    );
    const uuid = wallet.rows[0]?.uuid ?? '';
    expect((await setStatus(admin, uuid, 'disabled', 'Chain analytics alert')).statusCode).toBe(200);
    const res = await sendTransfer(t, c.user, usdtInput(c.usdtWalletId));
    expect(res.json().code).toBe('WALLET_DISABLED');
    expect((await setStatus(admin, uuid, 'active', 'Alert closed')).statusCode).toBe(200);
  });

  it('closing needs a zero balance; closed is final and statements stay readable', async () => {
    const company = await makeCompany(t);
    const funded = await makeWallet(t, company.id, 'EUR', '1.00');
    const empty = await makeWallet(t, company.id, 'GBP');
    const member = await makeUser(t, { merchantId: company.id, isMaster: true });

    const notEmpty = await setStatus(admin, funded.uuid, 'closed', 'Client asked to close');
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json()).toMatchObject({ code: 'WALLET_CLOSE_NOT_EMPTY' });
    expect(notEmpty.json().messages[0]).toContain('EUR');

    const closed = await setStatus(admin, empty.uuid, 'closed', 'Client asked to close');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().wallet.status).toBe('closed');
    for (const next of ['active', 'disabled']) {
      const out = await setStatus(admin, empty.uuid, next, 'Reopen please');
      expect(out.statusCode).toBe(409);
      expect(out.json().code).toBe('WALLET_STATUS_FINAL');
    }
    // History stays: the client still sees the closed wallet in the list with its status.
    const seen = await t.post('/api/wallets/1/50', member.token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().wallets.find((w: { uuid: string }) => w.uuid === empty.uuid)).toBeTruthy();
    const same = await setStatus(admin, funded.uuid, 'active', 'No change');
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('WALLET_STATUS_UNCHANGED');
  });

  it('refuses unknown ids, an empty reason, an unknown status and client users; writes nothing', async () => {
    const company = await makeCompany(t);
    const w = await makeWallet(t, company.id, 'EUR');
    const client = await makeUser(t, { merchantId: company.id, isMaster: true });
    const before = await auditOf(w.uuid);

    const unknown = await setStatus(admin, '00000000-0000-4000-8000-000000000000', 'disabled', 'x');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('WALLET_NOT_FOUND');
    expect((await setStatus(admin, 'not-a-uuid', 'disabled', 'x')).statusCode).toBe(417);
    const blank = await setStatus(admin, w.uuid, 'disabled', '   ');
    expect(blank.statusCode).toBe(417);
    expect((await setStatus(admin, w.uuid, 'frozen', 'x')).statusCode).toBe(417);
    const byClient = await setStatus(client.token, w.uuid, 'disabled', 'x');
    expect(byClient.statusCode).toBe(403);
    expect(
      (await call('GET', `/operator/tools/companies/${company.id}/wallets`, client.token)).statusCode,
    ).toBe(403);
    const missingCompany = await call(
      'GET',
      '/operator/tools/companies/00000000-0000-4000-8000-000000000000/wallets',
      admin,
    );
    expect(missingCompany.statusCode).toBe(404);
    expect(await auditOf(w.uuid)).toEqual(before);
    const row = await t.deps.database.query<{ status: number }>('SELECT status FROM wallets WHERE id = $1', [
      w.id,
    ]);
    expect(row.rows[0]?.status).toBe(1);
  });
});

describe('a second company for an existing user', () => {
  it('adds the membership with role and rights; the user then has both companies', async () => {
    const first = await makeCompany(t);
    const second = await makeCompany(t);
    const u = await makeUser(t, { merchantId: first.id, isMaster: true });
    const res = await call('POST', '/operator/tools/memberships', admin, {
      email: u.user.email.toUpperCase(),
      merchant_id: second.id,
      type: 'standard',
      access_rights: ['create', 'approve'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().membership).toMatchObject({ merchant_id: second.id, type: 'standard' });
    const profile = await call('GET', `/frusrs/${u.user.id}`, u.token);
    expect(profile.statusCode, profile.body).toBe(200);
    const ids = profile
      .json()
      .user.available_merchants.flatMap((m: { id: string; uuid: string }) => [m.id, m.uuid]);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    const audit = await auditOf(u.user.id);
    expect(audit.map((a) => a.action)).toContain('users.company_added');
  });

  it('refuses duplicates, unknown users, staff, unknown companies, bad rights and client callers', async () => {
    const company = await makeCompany(t);
    const u = await makeUser(t, { merchantId: company.id });
    const staff = await makeUser(t, { group: 'CSM' });
    const add = (token: string, body: Record<string, unknown>) =>
      call('POST', '/operator/tools/memberships', token, {
        email: u.user.email,
        merchant_id: company.id,
        type: 'standard',
        access_rights: [],
        ...body,
      });
    const dup = await add(admin, {});
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'MEMBERSHIP_EXISTS' });
    expect(dup.json().messages[0]).toContain(company.name);
    const unknown = await add(admin, { email: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('OPERATOR_USER_NOT_FOUND');
    expect((await add(admin, { email: staff.user.email })).json().code).toBe('OPERATOR_USER_IS_STAFF');
    const other = await makeCompany(t);
    const noCompany = await add(admin, {
      merchant_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(noCompany.json().code).toBe('OPERATOR_COMPANY_NOT_FOUND');
    expect((await add(admin, { merchant_id: other.id, access_rights: ['approve'] })).json().code).toBe(
      'RIGHTS_INCONSISTENT',
    );
    expect((await add(u.token, { merchant_id: other.id })).statusCode).toBe(403);
    const rows = await t.deps.db.select().from(userMerchants).where(eq(userMerchants.userId, u.user.id));
    expect(rows).toHaveLength(1);
  });
});

describe('maintenance messages in en-gb and ru', () => {
  it('plans with both texts, starts now, ends; client users cannot', async () => {
    const startsAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const planned = await call('POST', '/maintenance/plan', admin, {
      startsAt,
      message: 'Core upgrade',
      messageRu: 'Обновление ядра',
    });
    expect(planned.statusCode, planned.body).toBe(200);
    const state = (await call('GET', '/platform', admin)).json().maintenance;
    expect(state).toMatchObject({ state: 'planned', message: 'Core upgrade', messageRu: 'Обновление ядра' });
    const client = await makeUser(t, { merchantId: (await makeCompany(t)).id, isMaster: true });
    expect((await call('POST', '/maintenance/start', client.token, {})).statusCode).toBe(403);
    const started = await call('POST', '/maintenance/start', admin, {});
    expect(started.json().maintenance).toMatchObject({ state: 'started', messageRu: 'Обновление ядра' });
    const replaced = await call('POST', '/maintenance/start', admin, { message: 'Only English now' });
    expect(replaced.json().maintenance).toMatchObject({ message: 'Only English now', messageRu: null });
    const ended = await call('POST', '/maintenance/end', admin, {});
    expect(ended.json().maintenance).toMatchObject({ state: 'none', message: null, messageRu: null });
    expect((await call('POST', '/maintenance/plan', admin, { startsAt, message: '' })).statusCode).toBe(417);
  });
});

describe('resending an invitation code from the console', () => {
  it('mails a new code, the old one stops working, and resends are rate-limited', async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      const staff = (await makeUser(limited, { group: 'admin' })).token;
      const company = await makeCompany(limited);
      const email = `invitee-${Date.now()}@example.com`;
      const created = await limited.call({
        method: 'POST',
        url: '/api/user_invitations/create',
        token: staff,
        payload: {
          email,
          first_name: 'Ivy',
          last_name: 'Invitee',
          type: 'standard',
          mfa_required: true,
          access_rights: ['create'],
          merchant_id: company.id,
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const id: string = created.json().invitation.id;
      const codes = async () =>
        (await limited.deps.mail.outbox(email, 10)).map(
          (m) => /\/frusrs\/slfrgn\/([^\s]+)/.exec(m.textBody ?? '')?.[1] ?? '',
        );
      const [first] = await codes();
      const resend = () =>
        limited.call({
          method: 'POST',
          url: `/api/user_invitations/resend/${id}`,
          token: staff,
          payload: {},
        });
      expect((await resend()).statusCode).toBe(200);
      const all = await codes();
      expect(all).toHaveLength(2);
      const fresh = all.find((c) => c !== first) ?? '';
      const info = (code: string) => limited.call({ method: 'GET', url: `/api/frusrs/slfrgn/${code}` });
      expect((await info(first ?? '')).json().code).toBe('LINK_INVALID');
      expect((await info(fresh)).statusCode).toBe(200);
      const unknown = await limited.call({
        method: 'POST',
        url: '/api/user_invitations/resend/00000000-0000-4000-8000-000000000000',
        token: staff,
        payload: {},
      });
      expect(unknown.statusCode).toBe(404);
      for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(200);
      const sixth = await resend();
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

const home = (token: string) => t.call({ method: 'GET', url: '/api/operator/home', token });
const sql = (text: string, values: unknown[]) =>
  t.deps.database.query<{ id: string }>(text, values) as Promise<{ rows: { id: string }[] }>;

describe('staff landing page: the work queues (issue 36)', () => {
  it('counts what waits for staff, and only staff may ask', async () => {
    const company = await makeCompany(t);
    const client = await makeUser(t, { merchantId: company.id, isMaster: true });

    expect((await home(client.token)).statusCode).toBe(403);
    const before = (await home(admin)).json().queues;

    // One of each waiting item, and one of each that waits no more.
    const boardings: string[] = [];
    for (const review of ['Submitted', 'Approved'])
      boardings.push(
        (
          await sql(`INSERT INTO boarding_accounts (name, review_status) VALUES ($1, $2) RETURNING id`, [
            `B ${review}`,
            review,
          ])
        ).rows[0]?.id ?? '',
      );
    // Files: one uploaded and waiting for verification (status 2), one verified (status 4).
    for (const [i, status] of [2, 4].entries())
      await sql(
        `INSERT INTO boarding_files (account_id, file_type, file_name, ext, version, size_bytes, sha256,
                                     storage_key, status, created_at, expires_at)
         VALUES ($1, 'statutes', 'statutes.pdf', 'pdf', $2, 10, 'x', 'k', $3, now(), now() + interval '90 days')`,
        [boardings[0], i + 1, status],
      );
    for (const status of ['In Progress', 'Closed'])
      await sql(
        `INSERT INTO support_cases (id, merchant_id, type, subject, priority, crm_status, created_by)
         VALUES ($1, $2, 'technical', 'Help', 'medium', $3, $4)`,
        [randomUUID(), company.id, status, client.user.id],
      );
    for (const status of ['pending', 'allocated'])
      await sql(
        `INSERT INTO va_requests (uuid, merchant_id, wallet_id, client_type, client_customer_id, customer_name,
                                  status, details, created_at, updated_at)
         VALUES ($1, $2, 1, 'individual', 'c-1', 'Jane Roe', $3, '{}', now(), now())`,
        [randomUUID(), company.id, status],
      );

    const res = await home(admin);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().queues;
    expect(after.boardings_waiting - before.boardings_waiting).toBe(1);
    expect(after.open_cases - before.open_cases).toBe(1);
    expect(after.va_requests - before.va_requests).toBe(1);
    expect(after.reviews_due - before.reviews_due).toBe(1);
  });
});
