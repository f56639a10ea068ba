import { fromMinor, isCurrencyCode, readUserNotificationSettings } from '@portal/domain';
import { outboxDelivery } from '../../db/outbox.ts';
import { type AppDeps, service } from '../../deps.ts';
import { postJson } from '../postbacks/sender.ts';
import { vetTarget } from '../postbacks/url-guard.ts';
import { ipCountry } from '../security/security.service.ts';
import type { PaymentNotificationEvent, SecurityNotificationEvent } from './notification-outbox.ts';
import {
  type MailLanguage,
  mailLanguage,
  moneyText,
  type PaymentFacts,
  paymentChatText,
  paymentMail,
  paymentTeamMail,
  type SecurityFacts,
  securityChatText,
  securityMail,
  securityTeamMail,
} from './notification-texts.ts';
import * as repo from './settings.repo.ts';

/** pg-boss queue that carries batches of claimed notification ids to the delivery worker. */
export const NOTIFY_JOB = 'settings.notify';
/** Notifications one sweep claims; the lease covers a batch even when every chat webhook times out. */
const BATCH = 50;
const LEASE_MS = 10 * 60_000;
/** Notifications worked on side by side by one job (each one's deliveries go one after another). */
const CONCURRENCY = 8;
/** Tries per delivery (and per notification that could not be prepared) before it is given up. */
export const NOTIFY_MAX_ATTEMPTS = 5;
/** Pause after the n-th failed try: 1 min, 5 min, 15 min, 1 h — about 1 h 20 min in all. */
export const NOTIFY_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;
/** A chat webhook answers within this or the try counts as failed (chat tools answer in well under a second). */
export const CHAT_TIMEOUT_MS = 5_000;

export const retryDelayMs = (attempts: number): number =>
  NOTIFY_RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), NOTIFY_RETRY_DELAYS_MS.length) - 1] ?? 60_000;

/** The id a chat receiver can drop duplicates by (the same on every retry). */
export const notificationId = (id: number): string => `ntf_${id}`;

type Outcome =
  | { ok: true; statusCode: number | null }
  | { ok: false; final: boolean; statusCode: number | null; error: string };

interface Prepared {
  /** Who gets it, decided once (the first time the notification is worked on). */
  planned: { channel: repo.DeliveryRow['channel']; target: string }[];
  send(d: repo.DeliveryRow): Promise<Outcome>;
}

/** Company messengers (company settings): the chat webhook and the team mailbox. */
interface Messengers {
  chatUrl: string;
  teamEmail: string;
}

/**
 * Delivers the users' "new payment" and "security event" notifications (issue 9) from the
 * `user_notifications` outbox: a mail to each user who switched the notification and the e-mail
 * channel on (in the user's language), and, when one of them chose the company messengers, one
 * JSON POST to the company's chat webhook and one mail to its team mailbox. The webhook URL is
 * checked against the SSRF rules again right before the POST (it was at save time too); a failed
 * POST is retried NOTIFY_MAX_ATTEMPTS times with growing pauses, then given up. Nothing here runs
 * in the transaction of the payment or login that caused it, and nothing is thrown back to it.
 */
export function createNotificationDelivery(deps: AppDeps) {
  const users = () => service(deps, 'users');
  const allowInsecure = deps.config.postbackAllowInsecure;

  async function messengersOf(merchantId: string | null): Promise<Messengers> {
    const s = merchantId ? await repo.findCompanySettings(deps.db, merchantId) : undefined;
    return { chatUrl: s?.messengers.chat_webhook_url ?? '', teamEmail: s?.messengers.team_email ?? '' };
  }

  const companyDeliveries = (m: Messengers): Prepared['planned'] => [
    ...(m.chatUrl ? [{ channel: 'chat' as const, target: 'company' }] : []),
    ...(m.teamEmail ? [{ channel: 'team_email' as const, target: 'company' }] : []),
  ];

  /** One POST of the notification to the chat webhook; only a 2xx answer counts. */
  async function postChat(
    url: string,
    n: repo.NotificationRow,
    text: string,
    data: object,
  ): Promise<Outcome> {
    const target = await vetTarget(url, { allowInsecure });
    if ('problem' in target) {
      // A refused address stays refused (the company must fix the URL); a name may resolve later.
      const unresolvable = target.problem === 'URL_UNRESOLVABLE';
      return {
        ok: false,
        final: !unresolvable,
        statusCode: null,
        error: unresolvable
          ? 'unresolvable'
          : target.problem === 'URL_FORBIDDEN_HOST'
            ? 'refused_address'
            : 'refused_url',
      };
    }
    const id = notificationId(n.id);
    const body = JSON.stringify({
      // `text` is what Slack, Mattermost and Teams incoming webhooks show; the rest is for tools that read JSON.
      text,
      notification: { id, kind: n.kind, event: n.event, created_at: n.createdAt.toISOString(), ...data },
    });
    const r = await postJson(target, { 'webhook-id': id }, body, CHAT_TIMEOUT_MS);
    if (r.ok) return { ok: true, statusCode: r.statusCode };
    return { ok: false, final: false, statusCode: r.statusCode, error: r.error ?? 'http_status' };
  }

  async function preparePayment(n: repo.NotificationRow): Promise<Prepared> {
    const merchantId = n.merchantId ?? '';
    const p = n.payload as {
      currency: string;
      amount_minor: string;
      counterparty?: string;
      actor_id?: string | null;
    };
    const opted = (await users().companyRecipients(merchantId))
      .map((r) => ({ ...r, s: readUserNotificationSettings(r.notificationParams) }))
      .filter((r) => r.s.new_payments);
    const chatUsers = opted.filter((r) => r.s.channel_chat);
    const [company] = await users().merchantsByIds([merchantId]);
    const actor = p.actor_id ? await users().userName(p.actor_id) : '';
    const messengers = chatUsers.length ? await messengersOf(merchantId) : { chatUrl: '', teamEmail: '' };
    const facts = (lang: MailLanguage): PaymentFacts => ({
      event: n.event as PaymentNotificationEvent,
      company: company?.name ?? '',
      amount: moneyText(p.amount_minor, p.currency, lang),
      counterparty: p.counterparty ?? '',
      paymentId: n.subjectId,
      at: n.createdAt,
      actor,
    });
    // The company's messengers speak the language of the first user who chose them.
    const companyLang = mailLanguage(chatUsers[0]?.uiLanguage);
    const kind = 'payment-notification';
    return {
      planned: [
        // Whoever created a pay-out knows of it: the others are told.
        ...opted
          .filter((r) => r.s.channel_email && r.id !== p.actor_id)
          .map((r) => ({ channel: 'email' as const, target: r.id })),
        ...companyDeliveries(messengers),
      ],
      async send(d) {
        if (d.channel === 'email') {
          const r = opted.find((x) => x.id === d.target);
          if (!r) return { ok: false, final: true, statusCode: null, error: 'no_recipient' };
          const lang = mailLanguage(r.uiLanguage);
          await deps.mail.send({ to: r.email, kind, ...paymentMail(lang, r.name, facts(lang)) });
          return { ok: true, statusCode: null };
        }
        if (d.channel === 'team_email') {
          const f = facts(companyLang);
          await deps.mail.send({ to: messengers.teamEmail, kind, ...paymentTeamMail(companyLang, f) });
          return { ok: true, statusCode: null };
        }
        return postChat(messengers.chatUrl, n, paymentChatText(companyLang, facts(companyLang)), {
          company_id: merchantId,
          payment_id: n.subjectId,
          currency: p.currency,
          amount: isCurrencyCode(p.currency) ? fromMinor(BigInt(p.amount_minor), p.currency) : p.amount_minor,
          counterparty: p.counterparty ?? '',
        });
      },
    };
  }

  async function prepareSecurity(n: repo.NotificationRow): Promise<Prepared> {
    const u = n.userId ? await repo.notifiedUser(deps.db, n.userId) : undefined;
    const s = u ? readUserNotificationSettings(u.notificationParams) : null;
    if (!u || !s?.security_events || u.status === 'deactivated' || u.status === 'invited')
      return { planned: [], send: async () => ({ ok: true, statusCode: null }) };
    const p = n.payload as { ip?: string };
    const name = `${u.firstName} ${u.lastName}`.trim() || u.email;
    const lang = mailLanguage(u.uiLanguage);
    const facts: SecurityFacts = {
      event: n.event as SecurityNotificationEvent,
      user: name,
      ip: p.ip ?? '',
      country: await ipCountry(p.ip),
      at: n.createdAt,
    };
    const messengers = s.channel_chat ? await messengersOf(n.merchantId) : { chatUrl: '', teamEmail: '' };
    const kind = 'security-notification';
    return {
      planned: [
        // A reset of the authenticator is already mailed by the reset itself.
        ...(s.channel_email && n.event !== 'mfa_reset' ? [{ channel: 'email' as const, target: u.id }] : []),
        ...companyDeliveries(messengers),
      ],
      async send(d) {
        if (d.channel === 'email') {
          await deps.mail.send({ to: u.email, kind, ...securityMail(lang, name, facts) });
          return { ok: true, statusCode: null };
        }
        if (d.channel === 'team_email') {
          await deps.mail.send({ to: messengers.teamEmail, kind, ...securityTeamMail(lang, facts) });
          return { ok: true, statusCode: null };
        }
        return postChat(messengers.chatUrl, n, securityChatText(lang, facts), {
          user_id: u.id,
          ip: facts.ip,
          country: facts.country,
        });
      },
    };
  }

  /** One try of one notification: plans it the first time, then sends what has not gone out yet. */
  async function work(n: repo.NotificationRow): Promise<void> {
    const now = deps.clock.now();
    try {
      const prepared = n.kind === 'payment' ? await preparePayment(n) : await prepareSecurity(n);
      let deliveries = await repo.deliveriesOf(deps.db, n.id);
      if (!deliveries.length) {
        await repo.planDeliveries(deps.db, n.id, prepared.planned, now);
        deliveries = await repo.deliveriesOf(deps.db, n.id);
      }
      let pending = 0;
      let failed = deliveries.filter((d) => d.status === 'failed').length;
      let most = 0;
      let lastError: string | null = n.lastError;
      for (const d of deliveries) {
        if (d.status !== 'pending') continue;
        const r: Outcome = await prepared.send(d).catch((err: unknown) => ({
          ok: false as const,
          final: false,
          statusCode: null,
          error: `error: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300),
        }));
        const attempts = d.attempts + 1;
        const status = r.ok ? 'sent' : r.final || attempts >= NOTIFY_MAX_ATTEMPTS ? 'failed' : 'pending';
        await repo.updateDelivery(deps.db, d, {
          status,
          attempts,
          statusCode: r.statusCode,
          error: r.ok ? null : r.error,
          updatedAt: now,
        });
        if (!r.ok) lastError = `${d.channel}: ${r.error}`;
        if (status === 'failed') failed++;
        if (status === 'pending') {
          pending++;
          most = Math.max(most, attempts);
        }
      }
      await repo.updateNotification(deps.db, n.id, {
        attempts: n.attempts + 1,
        lockedUntil: null,
        lastError,
        ...(pending
          ? { nextAttemptAt: new Date(now.getTime() + retryDelayMs(most)) }
          : // Worked off: 'failed' when some delivery was given up (its row says why).
            { status: failed ? 'failed' : 'done', doneAt: now, nextAttemptAt: null }),
      });
    } catch (err) {
      // Could not even be prepared (database trouble): tried again later, given up like a delivery.
      const attempts = n.attempts + 1;
      await repo
        .updateNotification(deps.db, n.id, {
          attempts,
          lockedUntil: null,
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, 300),
          ...(attempts >= NOTIFY_MAX_ATTEMPTS
            ? { status: 'failed', nextAttemptAt: null }
            : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) }),
        })
        .catch(() => {});
    }
  }

  /** Works on a claimed batch (the worker job); never throws, every outcome is recorded. */
  async function deliver(ids: number[]): Promise<void> {
    const rows = (await repo.findNotifications(deps.db, ids)).filter((r) => r.status === 'pending');
    const worker = async () => {
      for (let n = rows.shift(); n; n = rows.shift()) await work(n);
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
  }

  return {
    deliver,
    /** The sweep's dispatch and the job's drainDue (see outboxDelivery). */
    ...outboxDelivery({
      claim: () => {
        const now = deps.clock.now();
        return repo.claimDueNotifications(deps.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
      },
      deliver,
      send: (ids) => deps.jobs.send(NOTIFY_JOB, { ids }),
    }),
  };
}

export type NotificationDelivery = ReturnType<typeof createNotificationDelivery>;
