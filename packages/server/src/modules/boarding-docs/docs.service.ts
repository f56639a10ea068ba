import {
  canContractTransition,
  CONTRACT_STATUS,
  type ContractType,
  OFFER_STATUS,
  fieldError,
} from '@portal/domain';
import { type FileStorage, storeThen } from '../../adapters/storage/storage.ts';
import type { DbOrTx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError, validationError } from '../../http/errors.ts';
import type { BoardingPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { BoardingRecords } from '../boarding/access.service.ts';
import type { FilesService } from '../boarding-files/files.service.ts';
import { contractDocument, formsDocument, ndaDocument, questionnaireDocument } from './documents.ts';
import * as repo from './docs.repo.ts';
import { signatureView, signDocument } from './signing.ts';

import { contractStatus, contractView, type DocsContext, docsContext, type Meta } from './docs.shared.ts';
import { createOffersService } from './offers.service.ts';

/** Contracts, signing of forms and questionnaires, signed documents; offers and invoice composed in. */
export function createDocsService(
  deps: AppDeps,
  storage: FileStorage,
  files: FilesService,
  access: BoardingRecords,
) {
  const c: DocsContext = docsContext(deps, storage, files, access);
  const { db, clock, year, account, signerOf, assertDealReady, pdfOf } = c;
  return {
    ...createOffersService(deps, c),
    listContracts: async (accountId: string) => (await repo.listContracts(db, accountId)).map(contractView),
    /** Offer, contract and invoice rows as stored, for the boarding checklist and contacts rule. */
    rows: {
      offers: (accountId: string) => repo.listOffers(db, accountId),
      contracts: (accountId: string) => repo.listContracts(db, accountId),
      invoice: (accountId: string) => repo.findInvoice(db, accountId),
    },
    /** Go-live: the approved offer becomes converted, inside the operator's transaction. */
    markOfferConverted: (tx: DbOrTx, offerId: string) =>
      repo.updateOffer(tx, offerId, { status: OFFER_STATUS.converted }),

    async createContract(accountId: string, type: ContractType, adminId: string, meta: Meta) {
      const a = await account(db, accountId);
      const offers = await repo.listOffers(db, accountId);
      const approved = offers.find((o) => o.status === OFFER_STATUS.approved);
      if (type === 'main' && !approved && !a.partner)
        throw new DomainError('BOARDING_STATE', { reason: 'no offer is approved' });
      return inTransaction(db, async (tx) => {
        await account(tx, accountId, true);
        const number = await repo.nextNumber(tx, type === 'NDA' ? 'NDA' : 'CT', year());
        const c = await repo.insertContract(tx, {
          accountId,
          number,
          type,
          status: CONTRACT_STATUS.initialized,
          offerId: approved?.id ?? null,
          createdAt: clock.now(),
        });
        // initialized → created once its document exists.
        // A failure before the commit removes the generated document again.
        const pdf = await contractDocument(a, number, type, approved?.letter);
        return storeThen(storage, 'contracts', pdf, async (key) => {
          const created = await repo.updateContract(tx, c.id, {
            status: CONTRACT_STATUS.created,
            documentKey: key,
          });
          await appendAudit(tx, {
            actorType: 'admin',
            actorId: adminId,
            action: 'boarding.contract.created',
            subjectType: 'boarding',
            subjectId: accountId,
            ...meta,
            details: { contractId: c.id, type },
          });
          return contractView(created);
        });
      });
    },

    async contractPdf(accountId: string, id: string) {
      const c = await repo.findContract(db, accountId, id);
      if (!c) throw new DomainError('NOT_FOUND');
      if (c.signatureId)
        return {
          name: `${c.number}-signed.pdf`,
          bytes: await pdfOf((await repo.findSignature(db, accountId, c.signatureId))?.storageKey),
        };
      return { name: `${c.number}.pdf`, bytes: await pdfOf(c.documentKey) };
    },

    async signContract(
      p: BoardingPrincipal,
      id: string,
      signature: string,
      principalLrId: string | undefined,
      meta: Meta,
    ) {
      const person = await signerOf(p);
      if (!person.isPrincipalSigner) throw new DomainError('noPrincipal');
      const c = await repo.findContract(db, p.accountUuid, id);
      if (!c) throw new DomainError('NOT_FOUND');
      const a = await account(db, p.accountUuid);
      const check = async (tx: DbOrTx) => {
        const locked = await repo.findContract(tx, p.accountUuid, id, true);
        const from = contractStatus(locked?.status ?? 0);
        if (!canContractTransition(from, 'signed'))
          throw new DomainError('BOARDING_STATE', { reason: `the contract is ${from}` });
        if (principalLrId) {
          const lr = await access.findPerson(tx, p.accountUuid, principalLrId);
          if (!lr?.isLr)
            throw validationError({ principal_lr_person_id: fieldError('NOT_LEGAL_REPRESENTATIVE') });
          await access.choosePrincipalLr(tx, p.accountUuid, principalLrId);
        }
        await assertDealReady(tx, p.accountUuid);
      };
      const row = await signDocument(deps, storage, {
        accountId: p.accountUuid,
        subjectType: 'contract',
        subjectId: id,
        person,
        role: 'as',
        title: `Contract ${c.number} of ${a.name}`,
        document: await pdfOf(c.documentKey),
        signatureDataUrl: signature,
        meta,
        actorType: 'boarding',
        actorId: p.contactId,
        precheck: async (tx) => {
          await account(tx, p.accountUuid, true);
          await check(tx);
        },
        apply: async (tx, s) => {
          await repo.updateContract(tx, id, {
            status: CONTRACT_STATUS.signed,
            signedAt: s.signedAt,
            signatureId: s.id,
          });
        },
      });
      const signed = await repo.findContract(db, p.accountUuid, id);
      if (!signed) throw new Error('contract vanished');
      return { contract: contractView(signed), signature: signatureView(row) };
    },

    async declineContract(p: BoardingPrincipal, id: string, meta: Meta) {
      return inTransaction(db, async (tx) => {
        await account(tx, p.accountUuid, true);
        const c = await repo.findContract(tx, p.accountUuid, id, true);
        if (!c) throw new DomainError('NOT_FOUND');
        const from = contractStatus(c.status);
        if (!canContractTransition(from, 'declined'))
          throw new DomainError('BOARDING_STATE', { reason: `the contract is ${from}` });
        const next = await repo.updateContract(tx, id, {
          status: CONTRACT_STATUS.declined,
          declinedAt: clock.now(),
        });
        await appendAudit(tx, {
          actorType: 'boarding',
          actorId: p.contactId,
          action: 'boarding.contract.declined',
          subjectType: 'boarding',
          subjectId: p.accountUuid,
          ...meta,
          details: { contractId: id },
        });
        return contractView(next);
      });
    },

    async formsPdf(accountId: string) {
      const a = await account(db, accountId);
      return formsDocument(a, await access.listPersons(db, accountId));
    },

    /** The principal AS signs the submitted forms once verified and past the internal check. */
    async signForms(p: BoardingPrincipal, signature: string, meta: Meta) {
      const person = await signerOf(p);
      if (!person.isPrincipalSigner) throw new DomainError('noPrincipal');
      const a = await account(db, p.accountUuid);
      const row = await signDocument(deps, storage, {
        accountId: a.id,
        subjectType: 'forms',
        subjectId: a.id,
        person,
        role: 'as',
        title: `Application forms of ${a.name}`,
        document: await formsDocument(a, await access.listPersons(db, a.id)),
        signatureDataUrl: signature,
        meta,
        actorType: 'boarding',
        actorId: p.contactId,
        precheck: async (tx) => {
          const locked = await account(tx, a.id, true);
          if (
            locked.appFormStatus !== 'submitted' ||
            locked.reviewStatus !== 'Approved' ||
            locked.formUpdatedAt.getTime() !== a.formUpdatedAt.getTime()
          )
            throw new DomainError('BOARDING_STATE', {
              reason: 'the forms must be submitted and pass the internal check',
            });
        },
        apply: (tx) => access.updateAccount(tx, a.id, { appFormStatus: 'signed' }),
      });
      return signatureView(row);
    },

    /** A beneficial owner signs their own questionnaire after verification. */
    async signQuestionnaire(
      accountId: string,
      personId: string,
      contactId: string,
      signature: string,
      meta: Meta,
    ) {
      const a = await account(db, accountId);
      const person = await access.findPerson(db, accountId, personId);
      if (!person?.isBo) throw new DomainError('FORBIDDEN');
      if (person.questionnaireSignedAt)
        throw new DomainError('BOARDING_STATE', { reason: 'the questionnaire is already signed' });
      const row = await signDocument(deps, storage, {
        accountId,
        subjectType: 'questionnaire',
        subjectId: personId,
        person,
        role: 'bo',
        title: `Personal questionnaire of ${person.firstName} ${person.lastName}`,
        document: await questionnaireDocument(a, person),
        signatureDataUrl: signature,
        meta,
        actorType: 'related_person',
        actorId: contactId,
        precheck: async (tx) => {
          await account(tx, accountId, true);
        },
        apply: (tx, s) => access.markQuestionnaireSigned(tx, personId, s.signedAt),
      });
      return signatureView(row);
    },

    listSignatures: async (accountId: string) =>
      (await repo.listSignatures(db, accountId)).map(signatureView),
    async signaturePdf(accountId: string, id: string) {
      const s = await repo.findSignature(db, accountId, id);
      if (!s) throw new DomainError('NOT_FOUND');
      return { name: `signed-${s.subjectType}-${s.id.slice(0, 8)}.pdf`, bytes: await pdfOf(s.storageKey) };
    },
    nda: async (p: BoardingPrincipal) => {
      const a = await account(db, p.accountUuid);
      return ndaDocument(a.name, a.platform);
    },
  };
}

export type DocsService = ReturnType<typeof createDocsService>;
