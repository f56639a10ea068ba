import { randomUUID } from 'node:crypto';
import { type FileStorage, storeThen } from '../../adapters/storage/storage.ts';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { PersonRow } from '../boarding/access.service.ts';
import * as repo from './docs.repo.ts';
import { parseSignature, sealPdf, sha256 } from './pdf.ts';

export interface SignRequest {
  accountId: string;
  subjectType: 'forms' | 'questionnaire' | 'contract';
  subjectId: string;
  person: PersonRow;
  role: string;
  title: string;
  document: Buffer;
  signatureDataUrl: string;
  meta: { ip: string; userAgent: string };
  actorType: 'boarding' | 'related_person';
  actorId: string;
  /** The change the signature makes (status of forms, contract …), in the same transaction. */
  apply: (tx: Tx, signature: repo.SignatureRow) => Promise<void>;
  /** Re-checked inside the transaction, under the record lock, so two signers cannot both pass. */
  precheck?: (tx: Tx) => Promise<void>;
}

export function signatureView(s: repo.SignatureRow) {
  return {
    id: s.id,
    subject: s.subjectType,
    signer: s.signerName,
    signer_role: s.signerRole,
    signed_at: s.signedAt.toISOString(),
    document_sha256: s.documentSha256,
    sealed_sha256: s.sealedSha256,
    verification_reference: s.verificationReference,
  };
}

/**
 * Signs a document: only a verified person signs (spec §4); the sealed PDF carries a certificate
 * page (signer, role, time, IP, user agent, verification reference, SHA-256 before sealing); the
 * signature row, its audit entry and the change it makes commit together.
 */
export async function signDocument(deps: AppDeps, storage: FileStorage, r: SignRequest) {
  if (r.person.verificationStatus !== 'ACCEPTED') throw new DomainError('noVerification');
  const png = parseSignature(r.signatureDataUrl);
  const signedAt = deps.clock.now();
  const signer = `${r.person.firstName} ${r.person.lastName}`;
  const documentSha256 = sha256(r.document);
  const sealed = await sealPdf(r.document, png, {
    title: r.title,
    signer,
    role: r.role,
    signedAt,
    ip: r.meta.ip,
    userAgent: r.meta.userAgent,
    verificationReference: r.person.verificationReference,
    documentSha256,
  });
  const sealedSha256 = sha256(sealed);
  const id = randomUUID();
  // A precheck that refuses inside the transaction removes the sealed file just written.
  return storeThen(storage, 'signed-documents', sealed, (storageKey) =>
    inTransaction(deps.db, async (tx) => {
      await r.precheck?.(tx);
      const audit = await appendAudit(tx, {
        actorType: r.actorType,
        actorId: r.actorId,
        action: `boarding.sign.${r.subjectType}`,
        subjectType: 'boarding',
        subjectId: r.accountId,
        ip: r.meta.ip,
        userAgent: r.meta.userAgent,
        details: {
          signatureId: id,
          subjectId: r.subjectId,
          signer,
          role: r.role,
          documentSha256,
          sealedSha256,
          verificationReference: r.person.verificationReference,
        },
      });
      const row = await repo.insertSignature(tx, {
        id,
        accountId: r.accountId,
        subjectType: r.subjectType,
        subjectId: r.subjectId,
        personId: r.person.id,
        signerName: signer,
        signerRole: r.role,
        signedAt,
        ip: r.meta.ip,
        userAgent: r.meta.userAgent,
        verificationReference: r.person.verificationReference,
        documentSha256,
        sealedSha256,
        storageKey,
        auditId: audit.id,
      });
      await r.apply(tx, row);
      return row;
    }),
  );
}
