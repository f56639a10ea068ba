import {
  canOfferTransition,
  fieldError,
  isCurrencyCode,
  OFFER_STATUS,
  type OfferLetter,
  tryToMinor,
} from '@portal/domain';
import { inTransaction } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError, validationError } from '../../http/errors.ts';
import type { BoardingPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import * as repo from './docs.repo.ts';

import { type DocsContext, invoiceView, type Meta, offerStatus, offerView } from './docs.shared.ts';

/** Offers (spec §3, §4, §8) and the boarding invoice. */
export function createOffersService(_deps: AppDeps, c: DocsContext) {
  const { db, clock, year, account, assertDealReady } = c;
  return {
    assertDealReady: (accountId: string) => assertDealReady(db, accountId),
    listOffers: async (accountId: string) => (await repo.listOffers(db, accountId)).map(offerView),
    async offer(accountId: string, id: string) {
      const o = await repo.findOffer(db, accountId, id);
      if (!o) throw new DomainError('NOT_FOUND');
      return offerView(o);
    },

    async createOffer(accountId: string, letter: OfferLetter, adminId: string, meta: Meta) {
      if (!letter.currencies.includes(letter.default_currency))
        throw validationError({ default_currency: fieldError('CURRENCY_NOT_IN_LIST') });
      return inTransaction(db, async (tx) => {
        await account(tx, accountId, true);
        const o = await repo.insertOffer(tx, {
          accountId,
          number: await repo.nextNumber(tx, 'OF', year()),
          letter,
          createdAt: clock.now(),
        });
        await appendAudit(tx, {
          actorType: 'admin',
          actorId: adminId,
          action: 'boarding.offer.created',
          subjectType: 'boarding',
          subjectId: accountId,
          ...meta,
          details: { offerId: o.id },
        });
        return offerView(o);
      });
    },

    async decideOffer(
      p: BoardingPrincipal,
      id: string,
      to: 'approved' | 'declined',
      reason: string | undefined,
      meta: Meta,
    ) {
      return inTransaction(db, async (tx) => {
        await account(tx, p.accountUuid, true);
        const o = await repo.findOffer(tx, p.accountUuid, id, true);
        if (!o) throw new DomainError('NOT_FOUND');
        const from = offerStatus(o.status);
        if (!canOfferTransition(from, to))
          throw new DomainError('BOARDING_STATE', { reason: `the offer is ${from}` });
        if (to === 'approved') await assertDealReady(tx, p.accountUuid);
        const next = await repo.updateOffer(tx, id, {
          status: OFFER_STATUS[to],
          decidedAt: clock.now(),
          decidedBy: p.contactId,
          declineReason: reason ?? null,
        });
        await appendAudit(tx, {
          actorType: 'boarding',
          actorId: p.contactId,
          action: `boarding.offer.${to}`,
          subjectType: 'boarding',
          subjectId: p.accountUuid,
          ...meta,
          details: { offerId: id },
        });
        return offerView(next);
      });
    },

    invoice: async (accountId: string) => {
      const i = await repo.findInvoice(db, accountId);
      return i ? invoiceView(i) : null;
    },

    async issueInvoice(accountId: string, amount: string, currency: string, adminId: string, meta: Meta) {
      if (!isCurrencyCode(currency)) throw validationError({ currency: fieldError('CURRENCY_UNKNOWN') });
      const minor = tryToMinor(amount, currency);
      if (!minor.ok || minor.value <= 0n) throw validationError({ amount: fieldError('AMOUNT_DECIMALS') });
      return inTransaction(db, async (tx) => {
        await account(tx, accountId, true);
        if (await repo.findInvoice(tx, accountId))
          throw new DomainError('BOARDING_STATE', { reason: 'the invoice is already issued' });
        const i = await repo.insertInvoice(tx, {
          accountId,
          number: await repo.nextNumber(tx, 'INV', year()),
          amountMinor: minor.value,
          currency,
          issuedAt: clock.now(),
        });
        await appendAudit(tx, {
          actorType: 'admin',
          actorId: adminId,
          action: 'boarding.invoice.issued',
          subjectType: 'boarding',
          subjectId: accountId,
          ...meta,
          details: { number: i.number, amountMinor: i.amountMinor.toString(), currency },
        });
        return invoiceView(i);
      });
    },

    /** Simulated payment: by the applicant (as) or marked by the operator. */
    async payInvoice(
      accountId: string,
      actor: { type: 'boarding' | 'admin'; id: string },
      reference: string | undefined,
      meta: Meta,
    ) {
      return inTransaction(db, async (tx) => {
        await account(tx, accountId, true);
        const i = await repo.findInvoice(tx, accountId, true);
        if (!i) throw new DomainError('NOT_FOUND');
        if (i.status === 'paid')
          throw new DomainError('BOARDING_STATE', { reason: 'the invoice is already paid' });
        const paid = await repo.updateInvoice(tx, i.id, {
          status: 'paid',
          paidAt: clock.now(),
          paymentReference: reference ?? `SIM-${i.number}`,
        });
        await appendAudit(tx, {
          actorType: actor.type,
          actorId: actor.id,
          action: 'boarding.invoice.paid',
          subjectType: 'boarding',
          subjectId: accountId,
          ...meta,
          details: { number: i.number },
        });
        return invoiceView(paid);
      });
    },
  };
}
