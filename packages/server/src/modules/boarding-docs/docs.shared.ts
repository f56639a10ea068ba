import {
  CONTRACT_STATUS,
  type ContractStatus,
  fromMinor,
  isCurrencyCode,
  nameOfCode,
  OFFER_STATUS,
  type OfferStatus,
} from '@portal/domain';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { BoardingPrincipal } from '../../http/principal.ts';
import type { BoardingRecords } from '../boarding/access.service.ts';
import type { FilesService } from '../boarding-files/files.service.ts';
import type * as repo from './docs.repo.ts';

type Meta = { ip: string; userAgent: string };

const offerStatus = (code: number): OfferStatus => nameOfCode(OFFER_STATUS, code) ?? 'created';
const contractStatus = (code: number): ContractStatus => nameOfCode(CONTRACT_STATUS, code) ?? 'initialized';

export const offerView = (o: repo.OfferRow) => ({
  id: o.id,
  number: o.number,
  created: o.createdAt.toISOString(),
  status: offerStatus(o.status),
  status_code: o.status,
  letter: o.letter,
  decided_at: o.decidedAt?.toISOString() ?? null,
});
export const contractView = (c: repo.ContractRow) => ({
  id: c.id,
  number: c.number,
  type: c.type,
  created: c.createdAt.toISOString(),
  status: contractStatus(c.status),
  status_code: c.status,
  signed_at: c.signedAt?.toISOString() ?? null,
  signature_id: c.signatureId,
});
export const invoiceView = (i: repo.InvoiceRow) => {
  const currency = isCurrencyCode(i.currency) ? i.currency : 'EUR';
  return {
    number: i.number,
    amount: fromMinor(i.amountMinor, currency),
    currency: i.currency,
    status: i.status,
    issued_at: i.issuedAt.toISOString(),
    paid_at: i.paidAt?.toISOString() ?? null,
    payment_reference: i.paymentReference,
  };
};

/** What the offers and contracts services share: record access, signer lookup, the §8 rules. */
export function docsContext(
  deps: AppDeps,
  storage: FileStorage,
  files: FilesService,
  access: BoardingRecords,
) {
  const { db, clock } = deps;
  const year = () => clock.now().getUTCFullYear();
  async function account(db: DbOrTx, id: string, lock = false) {
    const a = lock ? await access.lockAccount(db, id) : await access.findAccount(db, id);
    if (!a) throw new DomainError('NOT_FOUND');
    if (a.state === 'live') throw new DomainError('BOARDING_FINISHED');
    return a;
  }

  async function signerOf(p: BoardingPrincipal) {
    const contact = await access.findContact(db, p.accountUuid, p.contactId);
    const person = contact?.personId
      ? await access.findPerson(db, p.accountUuid, contact.personId)
      : undefined;
    if (!person) throw new DomainError('FORBIDDEN');
    return person;
  }

  /** Spec §8: offers and contracts need verification, a verified basis of power, signed forms, no mismatch, a principal LR. */
  async function assertDealReady(tx: DbOrTx, accountId: string) {
    const a = await account(tx, accountId);
    const persons = await access.listPersons(tx, accountId);
    if (persons.length === 0 || persons.some((x) => x.verificationStatus !== 'ACCEPTED'))
      throw new DomainError('noVerification');
    if (!(await files.hasAccepted(accountId, 'authorityBasis', tx))) throw new DomainError('noBasis');
    if (a.appFormStatus !== 'signed') throw new DomainError('formsNotSigned');
    if (persons.some((x) => x.dataMismatch)) throw new DomainError('dataMismatch');
    if (!persons.some((x) => x.isPrincipalLegalRep)) throw new DomainError('noPrincipalLr');
  }

  async function pdfOf(key: string | null | undefined) {
    const bytes = key ? await storage.get(key) : undefined;
    if (!bytes) throw new DomainError('NOT_FOUND');
    return bytes;
  }

  return { db, clock, year, account, signerOf, assertDealReady, pdfOf };
}

export type DocsContext = ReturnType<typeof docsContext>;
export { contractStatus, offerStatus, type Meta };
