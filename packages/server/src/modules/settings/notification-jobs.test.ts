import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makePayer, makeWallet, payout, sepaDetails } from '../payments/payments.fixtures.ts';
import { createNotificationJobs, statementPeriod } from './notification-jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('statement periods', () => {
  const now = new Date('2026-03-11T08:00:00Z'); // a Wednesday
  it.each([
    ['none', null],
    ['daily', { key: 'daily:2026-03-10', from: '2026-03-10', to: '2026-03-10' }],
    ['weekly', { key: 'weekly:2026-03-02', from: '2026-03-02', to: '2026-03-08' }],
    ['monthly', { key: 'monthly:2026-02', from: '2026-02-01', to: '2026-02-28' }],
  ] as const)('%s', (frequency, period) => {
    expect(statementPeriod(frequency, now)).toEqual(period);
  });
});

describe('notification jobs', () => {
  it('reminds about a pay-out awaiting approval longer than the delay, once, and mails the monthly statement PDF once', async () => {
    const company = await makeCompany(t);
    const maker = await makePayer(t, { merchantId: company.id, rights: ['create'] });
    const approver = await makePayer(t, {
      merchantId: company.id,
      rights: ['create', 'approve'],
      isMaster: true,
    });
    const params = { unapproved_delay_hours: 2, statement_frequency: 'monthly', channel_email: true };
    const saved = await t.post('/api/frusrs/change_settings', approver.token, {
      notification_params: params,
    });
    expect(saved.statusCode).toBe(200);
    const wallet = await makeWallet(t, company.id, 'EUR', '1000.00');
    const created = await payout(t, maker, wallet.id, sepaDetails('25.00'));
    expect(created.statusCode).toBe(200);

    const jobs = createNotificationJobs(t.deps);
    const email = approver.user.email;
    const mails = async () => (await t.deps.mail.outbox(email)).filter((m) => m.kind !== 'invitation');

    // After one hour: too early to remind; last month's statement goes out.
    expect(await jobs.run(new Date(t.clock.now().getTime() + 60 * 60_000))).toEqual({
      reminders: 0,
      statements: 1,
    });
    const later = new Date(t.clock.now().getTime() + 3 * 60 * 60_000);
    expect(await jobs.run(later)).toEqual({ reminders: 1, statements: 0 });
    const reminder = (await mails()).find((m) => m.kind === 'unapproved-reminder');
    expect(reminder?.textBody).toContain('more than 2 hour(s)');
    // The pay-out's figures as a person reads them: money, payee, IBAN grouped by 4, time in UTC.
    expect(reminder?.textBody).toMatch(
      /- €25\.00, Bäckerei Müller GmbH, DE89 3704 0044 0532 0130 00 \(\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\)/,
    );
    const statement = (await mails()).find((m) => m.kind === 'statement');
    expect(statement?.textBody).toMatch(/\[attachment .+\.pdf, \d+ bytes\]/);
    // The period is named as days ('1 Oct 2026 – 31 Oct 2026'), not as ISO dates.
    expect(statement?.subject).toMatch(
      /^Account statements 1 [A-Z][a-z]{2} \d{4} – \d{2} [A-Z][a-z]{2} \d{4}$/,
    );
    expect(statement?.textBody).toMatch(
      /statements for 1 [A-Z][a-z]{2} \d{4} – \d{2} [A-Z][a-z]{2} \d{4} are attached/,
    );

    // A second sweep (another server, a restart) sends neither again.
    expect(await jobs.run(later)).toEqual({ reminders: 0, statements: 0 });
  });
});
