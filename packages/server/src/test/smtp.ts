import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from './test-app.ts';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** Decodes the quoted-printable body nodemailer writes for long lines. */
function decodeQp(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

function parse(raw: string, to: string[]): CaughtMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  const qp = /content-transfer-encoding:\s*quoted-printable/i.test(unfolded);
  const body = rest.join('\n\n');
  return { to, subject, text: qp ? decodeQp(body) : body };
}

/**
 * A real SMTP server on 127.0.0.1 for tests: the app sends through nodemailer as in production and
 * the test waits for the mail that matches, with no sleeps.
 */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const waiters: { match: (m: CaughtMail) => boolean; resolve: (m: CaughtMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parse(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.rcptTo.map((r) => r.address),
        );
        mails.push(mail);
        for (const w of [...waiters]) {
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The first mail (already received or still to come) to `to` whose subject contains `subject`. */
    waitFor(to: string, subject = ''): Promise<CaughtMail> {
      const match = (m: CaughtMail) => m.to.includes(to) && m.subject.includes(subject);
      const found = mails.find(match);
      if (found) {
        mails.splice(mails.indexOf(found), 1);
        return Promise.resolve(found);
      }
      return new Promise((resolve) =>
        waiters.push({
          match,
          resolve: (m) => {
            mails.splice(mails.indexOf(m), 1);
            resolve(m);
          },
        }),
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail whose path starts with `prefix`, as a path the test app can call. */
export function linkIn(mail: CaughtMail, prefix: string): string {
  const m = new RegExp(`https?://[^\\s/]+(${prefix.replace(/\//g, '\\/')}[^\\s]+)`).exec(mail.text);
  if (!m?.[1]) throw new Error(`no ${prefix} link in mail "${mail.subject}"`);
  return m[1];
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
export type TestAppWithMail = TestApp & { smtp: MailCatcher };

/** A test app that sends its mail through SMTP to a catcher of its own; `close` stops both. */
export async function createTestAppWithMail(): Promise<TestAppWithMail> {
  const smtp = await startMailCatcher();
  const t = await createTestApp({ smtpUrl: smtp.url });
  const closeApp = t.close;
  return Object.assign(t, {
    smtp,
    async close() {
      await closeApp();
      await smtp.close();
    },
  });
}
