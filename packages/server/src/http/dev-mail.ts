import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Development mailbox (never in production): every mail the portal wrote, newest first, so a
 * newcomer can follow invitation and boarding links without a mail server.
 */
export function registerDevMail(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: { to?: string } }>('/dev/mail.json', async (req) => ({
    mails: await deps.mail.outbox(req.query.to, 100),
  }));
  app.get<{ Querystring: { to?: string } }>('/dev/mail', async (req, reply) => {
    const mails = await deps.mail.outbox(req.query.to, 100);
    const linkify = (text: string) =>
      escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, (u) => `<a href="${u}">${u}</a>`);
    const items = mails
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.toAddress)} · ${m.createdAt.toISOString()} · ${escapeHtml(m.kind)}${m.sentAt ? ' · delivered by SMTP' : ''}${m.error ? ` · error: ${escapeHtml(m.error)}` : ''}</p>
<pre>${linkify(m.textBody)}</pre></article>`,
      )
      .join('\n');
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Development mailbox</title><style>body{font:14px system-ui;margin:2rem;background:#1a1b1e;color:#e9ecef}
article{border:1px solid #373a40;border-radius:8px;padding:1rem;margin:1rem 0}a{color:#74c0fc}.meta{color:#909296}
pre{white-space:pre-wrap}</style></head><body><h1>Development mailbox</h1>
<p>Mails the portal sent (not shown in production). ${mails.length} shown.</p>${items || '<p>No mail yet.</p>'}</body></html>`);
  });
}
