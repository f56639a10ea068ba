import {
  apiRoutes,
  paymentFiltersSchema,
  readUserNotificationSettings,
  type StatementFrequency,
} from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { service } from '../../deps.ts';
import type { RequestContext } from '../../http/context.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { mailLanguage } from '../../adapters/mail/format.ts';
import { statementMail, unapprovedReminderMail } from './job-mail-texts.ts';
import * as repo from './settings.repo.ts';

const HOUR_MS = 3_600_000;
/** The wallet list's default filter (every wallet of the company), from the route table's schema. */
function allWallets() {
  const schema = apiRoutes.walletsList.body;
  if (!schema) throw new Error('the wallets list route has no body schema');
  return schema.parse({});
}
const DAY_MS = 24 * HOUR_MS;

/** A job acts as the user it mails, inside that user's company, with no action rights of its own. */
const principalFor = (userId: string, merchantId: string): UserPrincipal => ({
  kind: 'user',
  userId,
  sessionId: 'notification-job',
  merchantId,
  isMaster: false,
  isAdmin: false,
  group: null,
  rights: new Set<string>(),
  impersonatorId: null,
  autoApprovePayouts: false,
});

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The statement period that a frequency mails at `now` (UTC): yesterday, last Monday–Sunday, or
 * last calendar month; its key makes the mail go out once per period, restarts included.
 */
export function statementPeriod(
  frequency: StatementFrequency,
  now: Date,
): { key: string; from: string; to: string } | null {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  switch (frequency) {
    case 'none':
      return null;
    case 'daily': {
      const d = isoDate(new Date(today.getTime() - DAY_MS));
      return { key: `daily:${d}`, from: d, to: d };
    }
    case 'weekly': {
      const sinceMonday = (today.getUTCDay() + 6) % 7;
      const monday = new Date(today.getTime() - (sinceMonday + 7) * DAY_MS);
      const sunday = new Date(monday.getTime() + 6 * DAY_MS);
      return { key: `weekly:${isoDate(monday)}`, from: isoDate(monday), to: isoDate(sunday) };
    }
    case 'monthly': {
      const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
      const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
      return { key: `monthly:${isoDate(first).slice(0, 7)}`, from: isoDate(first), to: isoDate(last) };
    }
  }
}

/**
 * Notification jobs of the user settings (issue 9): reminders about pay-outs awaiting approval
 * longer than the user's delay, and the account statement as PDF at the chosen frequency. Each
 * mail is recorded in notification_runs first, so a rerun or a second server never repeats it.
 */
export function createNotificationJobs(deps: AppDeps) {
  async function companies(): Promise<string[]> {
    return service(deps, 'merchants').activeIds();
  }

  async function remindUnapproved(merchantId: string, now: Date): Promise<number> {
    let sent = 0;
    for (const r of await service(deps, 'users').companyRecipients(merchantId)) {
      const s = readUserNotificationSettings(r.notificationParams);
      if (!s.unapproved_delay_hours || !s.channel_email) continue;
      const before = new Date(now.getTime() - s.unapproved_delay_hours * HOUR_MS);
      const filters = paymentFiltersSchema.parse({
        statuses: ['created'],
        direction: 'outbound',
        date_to: before.toISOString(),
        sort_order: 'asc',
      });
      const list = await service(deps, 'paymentsRead').list(
        principalFor(r.id, merchantId),
        'payout',
        1,
        50,
        filters,
        0,
      );
      const fresh: typeof list.payments = [];
      for (const p of list.payments)
        if (await repo.markSent(deps.db, r.id, 'unapproved_reminder', p.reference_uuid, now)) fresh.push(p);
      if (!fresh.length) continue;
      await deps.mail.send({
        to: r.email,
        kind: 'unapproved-reminder',
        ...unapprovedReminderMail(
          mailLanguage(r.uiLanguage),
          r.name,
          s.unapproved_delay_hours,
          fresh.map((p) => ({
            reference: p.reference_uuid,
            amount: p.gross_amount,
            currency: p.currency,
            createdAt: p.creation_date,
            counterparty: p.corresponding_client.name,
            iban: p.corresponding_client.iban,
            account: p.corresponding_client.account,
            bankCode: p.corresponding_client.bank_code,
          })),
        ),
      });
      sent++;
    }
    return sent;
  }

  async function mailStatements(merchantId: string, now: Date): Promise<number> {
    let sent = 0;
    for (const r of await service(deps, 'users').companyRecipients(merchantId)) {
      const s = readUserNotificationSettings(r.notificationParams);
      const period = statementPeriod(s.statement_frequency, now);
      if (!period || !s.channel_email) continue;
      if (!(await repo.markSent(deps.db, r.id, 'statement', period.key, now))) continue;
      const principal = principalFor(r.id, merchantId);
      const body = allWallets();
      const wallets = await service(deps, 'wallets').list(principal, 1, 100, body);
      const ctx: RequestContext<UserPrincipal> = {
        principal,
        requestId: `statement-job-${r.id}`,
        ip: '',
        userAgent: 'notification-job',
        tzOffset: 0,
        platform: 'UK',
        idempotencyKey: undefined,
      };
      const attachments: { filename: string; content: Buffer; contentType: string }[] = [];
      for (const w of wallets.wallets) {
        const file = await service(deps, 'statements').statement(ctx, {
          wallet_uuid: w.uuid,
          date_from: period.from,
          date_to: period.to,
          format: 'pdf',
        });
        const chunks: Buffer[] = [];
        for await (const c of file.stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
        attachments.push({
          filename: `${w.ui_name || w.uuid}-${file.filename}`.replace(/[^\w.-]+/g, '_'),
          content: Buffer.concat(chunks),
          contentType: file.contentType,
        });
      }
      await deps.mail.send({
        to: r.email,
        kind: 'statement',
        ...statementMail(mailLanguage(r.uiLanguage), r.name, period, attachments.length),
        attachments,
      });
      sent++;
    }
    return sent;
  }

  return {
    statementPeriod,
    /** One sweep over every company; returns how many mails went out. */
    async run(now = deps.clock.now()): Promise<{ reminders: number; statements: number }> {
      let reminders = 0;
      let statements = 0;
      for (const m of await companies()) {
        reminders += await remindUnapproved(m, now);
        statements += await mailStatements(m, now);
      }
      return { reminders, statements };
    },
  };
}
