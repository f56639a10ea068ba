import { desc, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { afterCommit } from '../../http/idempotency.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for (invitation, renewal, confirmation, boarding-link …), for the outbox view. */
  kind: string;
  /** Files sent with the mail (statement PDFs); the outbox row lists their names and sizes. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Newest first; the development outbox (/dev/mail) and tests read it. */
  outbox(to?: string, limit?: number): Promise<(typeof mailOutbox.$inferSelect)[]>;
}

/**
 * Every mail is written to the outbox table first (a record of what was sent and the development
 * mailbox), then handed to nodemailer when SMTP_URL is set. A failed delivery is recorded on the
 * row, never thrown at the user whose action triggered it.
 */
export function createMailer(db: Db, opts: { smtpUrl: string | undefined; from: string }): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : undefined;
  return {
    async send(message) {
      // The outbox is written on the pool, so inside an idempotent call the mail leaves after commit.
      await afterCommit(() => deliver(message));
    },
    async outbox(to, limit = 50) {
      const q = db.select().from(mailOutbox);
      return (to ? q.where(eq(mailOutbox.toAddress, to)) : q).orderBy(desc(mailOutbox.id)).limit(limit);
    },
  };

  async function deliver(message: MailMessage): Promise<void> {
    const [row] = await db
      .insert(mailOutbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.attachments?.length
          ? `${message.text}\n\n${message.attachments.map((a) => `[attachment ${a.filename}, ${a.content.length} bytes]`).join('\n')}`
          : message.text,
        htmlBody: message.html ?? null,
        kind: message.kind,
      })
      .returning({ id: mailOutbox.id });
    if (!transport || !row) return;
    try {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    } catch (err) {
      await db
        .update(mailOutbox)
        .set({ error: err instanceof Error ? err.message : String(err) })
        .where(eq(mailOutbox.id, row.id));
    }
  }
}
