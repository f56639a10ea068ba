import {
  type COMPANY_ALERT_KINDS,
  CONTACT_ISSUE_TYPES,
  type CompanyContactInput,
  type ContactIssueType,
  DOCUMENT_EXPIRY_WARNING_DAYS,
  PAYMENT_METHOD_CODES,
  PAYMENT_METHODS,
  PROVIDER_COMPLIANCE,
  PROVIDER_ENTITIES,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { effectiveStatus } from '../boarding-files/files.service.ts';
import { money } from '../wallets/money.ts';
import { companyOf } from '../wallets/wallets.service.ts';
import { contactListItem, sortContactList } from '../boarding/contacts.service.ts';
import { CONTACT_NOTIFY_FLAG, missingContactTypes } from '../boarding/overview.service.ts';
import * as repo from './company-info.repo.ts';

const flagsOf = (types: readonly ContactIssueType[]) => ({
  notifyTechnical: types.includes('technical'),
  notifyFinancial: types.includes('financial'),
  notifyCompliance: types.includes('compliance'),
  notifyOnlineBanking: types.includes('online_banking'),
});

interface Meta {
  ip: string;
  userAgent: string;
}

const DAY_MS = 86_400_000;

/** A change must not leave an issue type that had a contact without one (spec §5). */
async function assertNoIssueTypeLost(tx: Tx, accountId: string, before: readonly ContactIssueType[]) {
  const lost = missingContactTypes(await repo.contactsOf(tx, accountId)).filter((t) => !before.includes(t));
  if (lost.length) throw new DomainError('CONTACTS_MISSING_TYPES', { types: lost.join(', ') });
}

/** List of Contacts, provider contacts, Features and Alerts (spec §1, §2) of the user's company. */
export function createCompanyInfoService(deps: AppDeps) {
  const { db, clock } = deps;
  const contacts = () => service(deps, 'boardingContacts');

  async function contactsView(p: UserPrincipal, accountId: string | undefined) {
    const canEdit = p.isMaster && !!accountId;
    if (!accountId) return { contacts: [], missing_types: [], can_edit: canEdit };
    const [rows, persons] = await Promise.all([
      repo.contactsOf(db, accountId),
      repo.personsOf(db, accountId),
    ]);
    const byId = new Map(persons.map((x) => [x.id, x]));
    const contacts = rows.map((c) => ({
      ...contactListItem(c, c.personId ? byId.get(c.personId) : undefined),
      phone: c.phone,
      issue_types: CONTACT_ISSUE_TYPES.filter((t) => c[CONTACT_NOTIFY_FLAG[t]]),
    }));
    return {
      contacts: sortContactList(contacts),
      missing_types: missingContactTypes(rows),
      can_edit: canEdit,
    };
  }

  /** Master User of a company with a boarding record; the record id. */
  async function editable(p: UserPrincipal) {
    const merchantId = companyOf(p);
    if (!p.isMaster) throw new DomainError('ONLY_MASTER_USER');
    const account = await repo.boardingAccountOf(db, merchantId);
    if (!account) throw new DomainError('COMPANY_NO_BOARDING_RECORD');
    return account.id;
  }

  return {
    async contacts(p: UserPrincipal) {
      const account = await repo.boardingAccountOf(db, companyOf(p));
      return contactsView(p, account?.id);
    },

    async saveContact(p: UserPrincipal, input: CompanyContactInput, meta: Meta) {
      const accountId = await editable(p);
      const email = input.email.toLowerCase();
      const values = {
        email,
        firstName: input.first_name,
        lastName: input.last_name,
        position: input.position || null,
        phone: input.phone || null,
        ...flagsOf(input.issue_types),
      };
      try {
        await inTransaction(db, async (tx) => {
          await repo.lockAccount(tx, accountId);
          const before = missingContactTypes(await repo.contactsOf(tx, accountId));
          const used = await repo.emailUsers(tx, accountId, email);
          let id = input.uuid;
          if (id) {
            const c = await repo.findContact(tx, accountId, id);
            if (!c) throw new DomainError('COMPANY_CONTACT_NOT_FOUND');
            if (c.personId) throw new DomainError('CONTACT_FROM_FORMS');
            if (used.personIds.length || used.contactIds.some((x) => x !== c.id))
              throw new DomainError('CONTACT_EMAIL_TAKEN');
            await contacts().updateContact(tx, c.id, values);
          } else {
            if (used.personIds.length || used.contactIds.length) throw new DomainError('CONTACT_EMAIL_TAKEN');
            id = await contacts().insertContact(tx, { accountId, ...values });
          }
          await assertNoIssueTypeLost(tx, accountId, before);
          await appendAudit(tx, {
            actorType: p.impersonatorId ? 'admin' : 'user',
            actorId: p.impersonatorId ?? p.userId,
            action: input.uuid ? 'company_contacts.changed' : 'company_contacts.added',
            subjectType: 'boarding_contact',
            subjectId: id,
            ...meta,
            details: { merchant_id: p.merchantId, issue_types: input.issue_types },
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('CONTACT_EMAIL_TAKEN');
        throw err;
      }
      return contactsView(p, accountId);
    },

    async deleteContact(p: UserPrincipal, uuid: string, meta: Meta) {
      const accountId = await editable(p);
      await inTransaction(db, async (tx) => {
        await repo.lockAccount(tx, accountId);
        const c = await repo.findContact(tx, accountId, uuid);
        if (!c) throw new DomainError('COMPANY_CONTACT_NOT_FOUND');
        if (c.personId) throw new DomainError('CONTACT_FROM_FORMS');
        if (c.isBc)
          throw new DomainError('BOARDING_STATE', { reason: 'the boarding contact cannot be deleted' });
        const before = missingContactTypes(await repo.contactsOf(tx, accountId));
        await contacts().deleteContact(tx, accountId, uuid);
        await assertNoIssueTypeLost(tx, accountId, before);
        await appendAudit(tx, {
          actorType: p.impersonatorId ? 'admin' : 'user',
          actorId: p.impersonatorId ?? p.userId,
          action: 'company_contacts.deleted',
          subjectType: 'boarding_contact',
          subjectId: uuid,
          ...meta,
          details: { merchant_id: p.merchantId, email: c.email },
        });
      });
      return contactsView(p, accountId);
    },

    async providerContacts(p: UserPrincipal) {
      const merchant = await repo.merchantOf(db, companyOf(p));
      if (!merchant) throw new DomainError('NOT_FOUND');
      const entity = PROVIDER_ENTITIES[merchant.platform];
      const compliance = PROVIDER_COMPLIANCE[merchant.platform];
      const managers = await repo.accountManagers(db);
      return {
        platform: merchant.platform,
        entity: { legal_name: entity.legalName, address: entity.address, regulator: entity.regulator },
        contacts: [
          {
            kind: 'support' as const,
            name: null,
            email: entity.support.email,
            phone: entity.support.phone,
            hours: entity.support.hours,
          },
          {
            kind: 'compliance' as const,
            name: null,
            email: compliance.email,
            phone: compliance.phone,
            hours: entity.support.hours,
          },
          ...managers.map((m) => ({
            kind: 'account_manager' as const,
            name: `${m.firstName} ${m.lastName}`.trim() || null,
            email: m.email,
            phone: null,
            hours: null,
          })),
        ],
      };
    },

    async featuresAlerts(p: UserPrincipal) {
      const merchantId = companyOf(p);
      const now = clock.now();
      const [merchant, settings, account, waiting] = await Promise.all([
        repo.merchantOf(db, merchantId),
        repo.methodSettingsOf(db, merchantId),
        repo.boardingAccountOf(db, merchantId),
        repo.awaitingApproval(db, merchantId),
      ]);
      if (!merchant) throw new DomainError('NOT_FOUND');
      // A method is on unless the provider switched it off for the company (merchant settings).
      const off = new Set(settings.filter((s) => !s.enabled).map((s) => s.method));
      const features = PAYMENT_METHOD_CODES.map((method) => ({
        direction: 'payout',
        method,
        label: PAYMENT_METHODS[method].label,
        enabled: !off.has(method),
      }));
      const [offer, files, persons] = account
        ? await Promise.all([
            repo.acceptedOffer(db, account.id),
            repo.latestFiles(db, account.id),
            repo.personsOf(db, account.id),
          ])
        : [undefined, [], []];

      type Alert = {
        kind: (typeof COMPANY_ALERT_KINDS)[number];
        severity: 'warning' | 'danger';
        subject: string;
        date: string | null;
        count: number;
        amount: string | null;
        currency: string | null;
      };
      const alerts: Alert[] = [];
      const soon = new Date(now.getTime() + DOCUMENT_EXPIRY_WARNING_DAYS * DAY_MS);
      for (const person of persons) {
        const raw = person.data.document?.expirationDate;
        if (!raw) continue;
        const expires = new Date(`${raw}T00:00:00Z`);
        if (Number.isNaN(expires.getTime()) || expires > soon) continue;
        alerts.push({
          kind: expires <= now ? 'documentExpired' : 'documentExpiring',
          severity: expires <= now ? 'danger' : 'warning',
          subject: `${person.firstName} ${person.lastName}`,
          date: raw,
          count: 1,
          amount: null,
          currency: null,
        });
      }
      for (const f of files) {
        if (effectiveStatus(f, now) !== 'EXPIRED') continue;
        alerts.push({
          kind: 'fileExpired',
          severity: 'danger',
          subject: f.fileName,
          date: f.expiresAt.toISOString().slice(0, 10),
          count: 1,
          amount: null,
          currency: null,
        });
      }
      for (const w of waiting) {
        alerts.push({
          kind: 'paymentsAwaitingApproval',
          severity: 'warning',
          subject: w.currency,
          date: null,
          count: w.count,
          amount: money(BigInt(w.amount), w.currency),
          currency: w.currency,
        });
      }
      const letter = offer?.letter;
      return {
        service_code: merchant.serviceCode,
        features,
        limits:
          offer && letter
            ? {
                offer_number: offer.number,
                term: letter.term,
                account_types: letter.account_types,
                payment_options: letter.payment_options,
                territories: letter.territories,
                currencies: letter.currencies,
                default_currency: letter.default_currency,
                payment_systems: letter.payment_systems,
                minimum_funds: letter.minimum_funds,
                expiry_date: letter.expiry_date,
                fee: letter.fee,
              }
            : null,
        alerts,
      };
    },
  };
}

export type CompanyInfoService = ReturnType<typeof createCompanyInfoService>;
