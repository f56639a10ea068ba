import { canViewContacts, CONTRACT_STATUS } from '@portal/domain';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { BoardingPrincipal } from '../../http/principal.ts';
import type { DocsService } from '../boarding-docs/docs.service.ts';
import * as repo from './access.repo.ts';
import * as formsRepo from './forms.repo.ts';
import { missingContactTypes } from './overview.service.ts';

export interface ContactInput {
  uuid?: string;
  email: string;
  first_name: string;
  last_name: string;
  position?: string;
  notify_on_technical_issues: boolean;
  notify_on_financial_issues: boolean;
  notify_on_compliance_issues: boolean;
  notify_on_online_banking: boolean;
}

const flags = (
  c: Pick<
    ContactInput,
    | 'notify_on_technical_issues'
    | 'notify_on_financial_issues'
    | 'notify_on_compliance_issues'
    | 'notify_on_online_banking'
  >,
) => ({
  notifyTechnical: c.notify_on_technical_issues,
  notifyFinancial: c.notify_on_financial_issues,
  notifyCompliance: c.notify_on_compliance_issues,
  notifyOnlineBanking: c.notify_on_online_banking,
});

/** A contact as every contact list shows it: who it is and, for one from the forms, the person's roles. */
export function contactListItem(
  c: repo.ContactRow,
  person: Pick<repo.PersonRow, 'isAs' | 'isLr' | 'isBo'> | undefined,
) {
  return {
    uuid: c.id,
    email: c.email,
    first_name: c.firstName,
    last_name: c.lastName,
    position: c.position,
    is_as: !!person?.isAs,
    is_lr: !!person?.isLr,
    is_bo: !!person?.isBo,
    from_forms: !!person,
  };
}

/** Spec §6: contacts sorted by the as, then lr, then bo flags; then by name for a stable order. */
export function sortContactList<T extends ReturnType<typeof contactListItem>>(list: T[]): T[] {
  const rank = (c: T) => (c.is_as ? 0 : 4) + (c.is_lr ? 0 : 2) + (c.is_bo ? 0 : 1);
  return list.sort(
    (a, b) =>
      rank(a) - rank(b) || a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name),
  );
}

export function createContactsService(deps: AppDeps, docs: DocsService) {
  const { db } = deps;

  async function views(accountId: string) {
    const persons = new Map((await repo.listPersons(db, accountId)).map((p) => [p.id, p]));
    const rows = await repo.listContacts(db, accountId);
    const list = rows.map((c) => ({
      ...contactListItem(c, c.personId ? persons.get(c.personId) : undefined),
      notify_on_technical_issues: c.notifyTechnical,
      notify_on_financial_issues: c.notifyFinancial,
      notify_on_compliance_issues: c.notifyCompliance,
      notify_on_online_banking: c.notifyOnlineBanking,
    }));
    return { list: sortContactList(list), missing: missingContactTypes(rows) };
  }

  /** Spec §6: contacts are for as or lr once at least one contract is signed. */
  async function assertCanView(p: BoardingPrincipal) {
    const signed = (await docs.rows.contracts(p.accountUuid)).filter(
      (c) => c.status === CONTRACT_STATUS.signed,
    ).length;
    if (!canViewContacts(p.role, signed)) throw new DomainError('FORBIDDEN');
  }

  return {
    async self(p: BoardingPrincipal) {
      const c = await repo.findContact(db, p.accountUuid, p.contactId);
      if (!c) throw new DomainError('UNAUTHENTICATED');
      return { uuid: c.id, email: c.email, first_name: c.firstName, last_name: c.lastName };
    },

    async list(p: BoardingPrincipal) {
      await assertCanView(p);
      return (await views(p.accountUuid)).list;
    },
    async notifications(p: BoardingPrincipal) {
      await assertCanView(p);
      const v = await views(p.accountUuid);
      return { notification_contacts: v.list, missing_types: v.missing };
    },

    async setNotifications(p: BoardingPrincipal, items: ({ uuid: string } & Parameters<typeof flags>[0])[]) {
      await assertCanView(p);
      await inTransaction(db, async (tx) => {
        await repo.lockAccount(tx, p.accountUuid);
        for (const item of items) {
          const c = await repo.findContact(tx, p.accountUuid, item.uuid);
          if (!c) throw new DomainError('NOT_FOUND');
          await repo.updateContact(tx, c.id, flags(item));
        }
        const missing = missingContactTypes(await repo.listContacts(tx, p.accountUuid));
        if (missing.length) throw new DomainError('CONTACTS_MISSING_TYPES', { types: missing.join(', ') });
      });
      const v = await views(p.accountUuid);
      return { notification_contacts: v.list, missing_types: v.missing };
    },

    async save(p: BoardingPrincipal, input: ContactInput) {
      await assertCanView(p);
      const email = input.email.toLowerCase();
      const fields = {
        email,
        firstName: input.first_name,
        lastName: input.last_name,
        position: input.position ?? null,
        ...flags(input),
      };
      try {
        const id = await inTransaction(db, async (tx) => {
          await repo.lockAccount(tx, p.accountUuid);
          const clash = await repo.findContactByEmail(tx, p.accountUuid, email);
          if (input.uuid) {
            const c = await repo.findContact(tx, p.accountUuid, input.uuid);
            if (!c) throw new DomainError('NOT_FOUND');
            if (c.personId) throw new DomainError('CONTACT_FROM_FORMS');
            if (clash && clash.id !== c.id) throw new DomainError('CONTACT_EMAIL_TAKEN');
            await repo.updateContact(tx, c.id, fields);
            return c.id;
          }
          if (clash) throw new DomainError('CONTACT_EMAIL_TAKEN');
          const c = await formsRepo.insertContact(tx, { accountId: p.accountUuid, ...fields });
          return c.id;
        });
        const v = (await views(p.accountUuid)).list.find((c) => c.uuid === id);
        if (!v) throw new Error('contact vanished');
        return v;
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('CONTACT_EMAIL_TAKEN');
        throw err;
      }
    },

    async remove(p: BoardingPrincipal, uuid: string) {
      await assertCanView(p);
      await inTransaction(db, async (tx) => {
        await repo.lockAccount(tx, p.accountUuid);
        const c = await repo.findContact(tx, p.accountUuid, uuid);
        if (!c) throw new DomainError('NOT_FOUND');
        if (c.personId) throw new DomainError('CONTACT_FROM_FORMS');
        if (c.isBc)
          throw new DomainError('BOARDING_STATE', { reason: 'the boarding contact cannot be deleted' });
        const before = missingContactTypes(await repo.listContacts(tx, p.accountUuid));
        await repo.deleteAccountContact(tx, p.accountUuid, uuid);
        // Deleting must not leave an issue type that had a contact without one.
        const after = missingContactTypes(await repo.listContacts(tx, p.accountUuid)).filter(
          (t) => !before.includes(t),
        );
        if (after.length) throw new DomainError('CONTACTS_MISSING_TYPES', { types: after.join(', ') });
      });
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
