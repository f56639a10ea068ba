import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** A Standard Webhooks secret: `whsec_` and base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * `webhook-signature` value (Standard Webhooks): `v1,<base64 HMAC-SHA256>` of `id.timestamp.body`
 * under the base64-decoded secret; several secrets (during a rotation) give space-separated values.
 */
export function signWebhook(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((s) => {
      const key = Buffer.from(s.replace(/^whsec_/, ''), 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}

/** Seals secrets at rest under a key derived from the server secret (AES-256-GCM). */
export function webhookSecretBox(serverSecret: string) {
  const key = createHash('sha256').update(`postback-secret:${serverSecret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return ['v1', iv, body, c.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [, iv, body, tag] = sealed.split('.');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'));
      d.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
      return Buffer.concat([d.update(Buffer.from(body ?? '', 'base64url')), d.final()]).toString('utf8');
    },
  };
}
