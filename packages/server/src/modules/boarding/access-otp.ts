import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_CODE_LENGTH, type OtpPurpose } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import * as repo from './access.repo.ts';

const OTP_TTL_MS = 10 * 60_000;
const OTP_MAX_ATTEMPTS = 5;
const OTP_RESEND_GAP_MS = 30_000;

/** The mailed one-time codes of the boarding login and the verification page. */
export function createOtpCodes(deps: AppDeps, key: Uint8Array) {
  const { db, clock } = deps;
  const now = () => clock.now();

  function otpHash(contactId: string, purpose: string, code: string) {
    return createHmac('sha256', key).update(`${contactId}:${purpose}:${code}`).digest('hex');
  }

  /**
   * Stores a fresh 6-digit code and returns the mail to send once the transaction commits (the
   * outbox write must not wait on the open transaction); a repeat within 30 s sends nothing new.
   */
  async function newOtp(tx: DbOrTx, contact: repo.ContactRow, purpose: OtpPurpose) {
    const last = await repo.latestOtp(tx, contact.id, purpose);
    if (last && !last.consumedAt && now().getTime() - last.createdAt.getTime() < OTP_RESEND_GAP_MS)
      return undefined;
    const code = String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');
    await repo.insertOtp(tx, {
      contactId: contact.id,
      purpose,
      codeHash: otpHash(contact.id, purpose, code),
      expiresAt: new Date(now().getTime() + OTP_TTL_MS),
      createdAt: now(),
    });
    return {
      to: contact.email,
      subject: 'Your confirmation code',
      text: `Your confirmation code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this email.`,
      kind: `otp-${purpose}`,
    };
  }

  return {
    async send(contact: repo.ContactRow, purpose: OtpPurpose) {
      const mail = await inTransaction(db, (tx) => newOtp(tx, contact, purpose));
      if (mail) await deps.mail.send(mail);
    },

    /** Consumes a code; wrong codes count, five in a row block the code. */
    async consume(contactId: string, purpose: OtpPurpose, code: string) {
      const outcome = await inTransaction(db, async (tx) => {
        const otp = await repo.latestOtp(tx, contactId, purpose);
        if (!otp || otp.consumedAt || otp.expiresAt <= now()) return 'invalid' as const;
        if (otp.attempts >= OTP_MAX_ATTEMPTS) return 'blocked' as const;
        const ok = timingSafeEqual(Buffer.from(otp.codeHash), Buffer.from(otpHash(contactId, purpose, code)));
        await repo.updateOtp(tx, otp.id, ok ? { consumedAt: now() } : { attempts: otp.attempts + 1 });
        return ok ? ('ok' as const) : ('invalid' as const);
      });
      if (outcome === 'blocked') throw new DomainError('OTP_BLOCKED');
      if (outcome === 'invalid') throw new DomainError('OTP_INVALID');
    },
  };
}
