import {
  canDeletePrincipal,
  type CompanyForm,
  changedFrozenFields,
  companyCompletenessErrors,
  fieldError,
  ownershipTotalMessage,
  type PersonInput,
  personsSetErrors,
  plainDateAt,
  totalOwnership,
  validatePerson,
} from '@portal/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError, validationError } from '../../http/errors.ts';
import type { BoardingPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import * as access from './access.repo.ts';
import * as repo from './forms.repo.ts';
import { canonical, personView, sendRoleLinks } from './forms.helpers.ts';

export { personView };

/** How long saving or opening the forms blocks them for other roles (formBlocked). */
export const FORM_LOCK_MS = 15 * 60_000;

export function createFormsService(deps: AppDeps) {
  const { db, clock } = deps;
  const today = () => plainDateAt(clock.now());

  async function view(db: DbOrTx, accountId: string) {
    const account = await access.findAccount(db, accountId);
    if (!account) throw new DomainError('NOT_FOUND');
    const persons = await access.listPersons(db, accountId);
    const locked = account.lockRole && account.lockUntil && account.lockUntil > clock.now();
    return {
      success: true as const,
      app_form_status: account.appFormStatus,
      review_status: account.reviewStatus,
      company: account.company,
      persons: persons.map(personView),
      locked_by:
        locked && account.lockRole && account.lockUntil
          ? { role: account.lockRole, until: account.lockUntil.toISOString() }
          : null,
      updated_at: account.formUpdatedAt.toISOString(),
    };
  }

  /** Locks the record for an edit: forms must be editable and not held by another role. */
  async function beginEdit(tx: Tx, p: BoardingPrincipal, opts: { needDraft?: boolean } = {}) {
    const account = await access.lockAccount(tx, p.accountUuid);
    if (!account) throw new DomainError('NOT_FOUND');
    const now = clock.now();
    if (account.lockRole && account.lockUntil && account.lockUntil > now && account.lockRole !== p.role)
      throw new DomainError(
        'formBlocked',
        { until: account.lockUntil.toISOString() },
        { extra: { lockedBy: account.lockRole, until: account.lockUntil.toISOString() } },
      );
    if (
      (opts.needDraft ?? true) &&
      (account.appFormStatus === 'submitted' || account.appFormStatus === 'signed')
    )
      throw new DomainError('BOARDING_STATE', { reason: 'the forms are submitted' });
    await access.updateAccount(tx, account.id, {
      lockRole: p.role,
      lockContactId: p.contactId,
      lockUntil: new Date(now.getTime() + FORM_LOCK_MS),
    });
    return account;
  }

  async function touch(tx: Tx, accountId: string, status: string) {
    await access.updateAccount(tx, accountId, {
      formUpdatedAt: clock.now(),
      ...(status === 'none' ? { appFormStatus: 'draft', reviewStatus: 'Draft' } : {}),
    });
  }

  /** The person the caller is, when the caller is a related person. */
  async function callerPerson(db: DbOrTx, p: BoardingPrincipal) {
    const contact = await access.findContact(db, p.accountUuid, p.contactId);
    return contact?.personId ? access.findPerson(db, p.accountUuid, contact.personId) : undefined;
  }

  function assertPrincipalChange(
    target: 'as' | 'lr',
    p: BoardingPrincipal,
    caller: access.PersonRow | undefined,
  ) {
    const isPrincipal =
      p.role === 'as' ? !!caller?.isPrincipalSigner : p.role === 'lr' ? !!caller?.isPrincipalLegalRep : false;
    if (!canDeletePrincipal(target, { role: p.role, isPrincipal }))
      throw new DomainError('PRINCIPAL_NOT_DELETABLE');
  }

  async function checkPerson(tx: Tx, accountId: string, exceptId: string | null, input: PersonInput) {
    const fields = validatePerson(input, today());
    if (Object.keys(fields).length) throw validationError(fields);
    const clash = await repo.findClash(tx, accountId, exceptId, {
      first: input.first_name,
      last: input.last_name,
      email: input.email,
    });
    if (clash) {
      const sameName =
        clash.firstName.toLowerCase() === input.first_name.toLowerCase() &&
        clash.lastName.toLowerCase() === input.last_name.toLowerCase();
      throw sameName
        ? new DomainError('duplicatePerson')
        : new DomainError(
            'CONTACT_EMAIL_TAKEN',
            {},
            { fields: { email: fieldError('EMAIL_TAKEN_BY_PERSON') } },
          );
    }
    const others = (await access.listPersons(tx, accountId))
      .filter((o) => o.id !== exceptId)
      .map((o) => o.data);
    const total = totalOwnership([...others, input]);
    if (total > 10_000) throw validationError({ ownership: ownershipTotalMessage(total) });
  }

  /** Every related person is a contact too (verification links, role logins); an existing contact with the email is linked. */
  async function syncContact(tx: Tx, accountId: string, person: access.PersonRow) {
    const linked = await repo.findContactOfPerson(tx, person.id);
    const byEmail = await access.findContactByEmail(tx, accountId, person.email);
    if (byEmail && byEmail.id !== linked?.id && byEmail.personId && byEmail.personId !== person.id)
      throw new DomainError('CONTACT_EMAIL_TAKEN');
    const names = {
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      position: person.data.position ?? null,
    };
    if (linked && (!byEmail || byEmail.id === linked.id)) return access.updateContact(tx, linked.id, names);
    if (linked) await repo.deleteContact(tx, linked.id);
    if (byEmail) return access.updateContact(tx, byEmail.id, { ...names, personId: person.id });
    await repo.insertContact(tx, { accountId, personId: person.id, ...names });
  }

  const personFields = (input: PersonInput) => ({
    data: input,
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email.toLowerCase(),
    isAs: input.is_as,
    isLr: input.is_lr,
    isBo: input.is_bo,
  });

  async function guarded<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(db, fn);
    } catch (err) {
      // Two saves racing past the clash check meet the unique indexes.
      if (isUniqueViolation(err)) throw new DomainError('duplicatePerson');
      throw err;
    }
  }

  return {
    view: (accountId: string) => view(db, accountId),
    personView,
    callerPerson: (p: BoardingPrincipal) => callerPerson(db, p),

    async saveCompany(p: BoardingPrincipal, company: CompanyForm) {
      return inTransaction(db, async (tx) => {
        const account = await beginEdit(tx, p);
        if (canonical(account.company) === canonical(company)) throw new DomainError('noChanges');
        await access.updateAccount(tx, account.id, { company });
        await touch(tx, account.id, account.appFormStatus);
        return view(tx, account.id);
      });
    },

    async lock(p: BoardingPrincipal) {
      return inTransaction(db, async (tx) => {
        await beginEdit(tx, p, { needDraft: false });
        return new Date(clock.now().getTime() + FORM_LOCK_MS).toISOString();
      });
    },

    async unlock(p: BoardingPrincipal) {
      await inTransaction(db, async (tx) => {
        const account = await access.lockAccount(tx, p.accountUuid);
        if (account?.lockRole === p.role)
          await access.updateAccount(tx, account.id, {
            lockRole: null,
            lockContactId: null,
            lockUntil: null,
          });
      });
    },

    async addPerson(p: BoardingPrincipal, input: PersonInput) {
      return guarded(async (tx) => {
        const account = await beginEdit(tx, p);
        await checkPerson(tx, account.id, null, input);
        const person = await repo.insertPerson(tx, { accountId: account.id, ...personFields(input) });
        await syncContact(tx, account.id, person);
        await touch(tx, account.id, account.appFormStatus);
        return personView(person);
      });
    },

    async updatePerson(p: BoardingPrincipal, id: string, input: PersonInput) {
      return guarded(async (tx) => {
        const account = await beginEdit(tx, p);
        const before = await access.findPerson(tx, account.id, id);
        if (!before) throw new DomainError('NOT_FOUND');
        if (canonical(before.data) === canonical(input)) throw new DomainError('noChanges');
        if (before.verificationStatus === 'ACCEPTED') {
          const frozen = changedFrozenFields(before.data, input);
          if (frozen.length) throw new DomainError('PERSON_FROZEN', { fields: frozen.join(', ') });
        }
        if ((before.isPrincipalSigner && !input.is_as) || (before.isPrincipalLegalRep && !input.is_lr))
          assertPrincipalChange(
            before.isPrincipalSigner && !input.is_as ? 'as' : 'lr',
            p,
            await callerPerson(tx, p),
          );
        await checkPerson(tx, account.id, id, input);
        const person = await repo.updatePerson(tx, id, {
          ...personFields(input),
          isPrincipalSigner: before.isPrincipalSigner && input.is_as,
          isPrincipalLegalRep: before.isPrincipalLegalRep && input.is_lr,
        });
        await syncContact(tx, account.id, person);
        await touch(tx, account.id, account.appFormStatus);
        return personView(person);
      });
    },

    async deletePerson(p: BoardingPrincipal, id: string) {
      await inTransaction(db, async (tx) => {
        const account = await beginEdit(tx, p);
        const person = await access.findPerson(tx, account.id, id);
        if (!person) throw new DomainError('NOT_FOUND');
        const caller = await callerPerson(tx, p);
        if (person.isPrincipalSigner) assertPrincipalChange('as', p, caller);
        if (person.isPrincipalLegalRep) assertPrincipalChange('lr', p, caller);
        const contact = await repo.findContactOfPerson(tx, id);
        if (contact?.isBc) await access.updateContact(tx, contact.id, { personId: null });
        else if (contact) await repo.deleteContact(tx, contact.id);
        await repo.deletePerson(tx, id);
        await touch(tx, account.id, account.appFormStatus);
      });
    },

    async submit(p: BoardingPrincipal, principalSignerId: string, meta: { ip: string; userAgent: string }) {
      const result = await inTransaction(db, async (tx) => {
        const account = await beginEdit(tx, p);
        const persons = await access.listPersons(tx, account.id);
        const fields: Record<string, string> = {
          ...companyCompletenessErrors(account.company),
          ...personsSetErrors(persons.map((x) => x.data)),
        };
        persons.forEach((x, i) => {
          for (const [k, v] of Object.entries(validatePerson(x.data, today())))
            fields[`persons.${i}.${k}`] = v;
        });
        if (Object.keys(fields).length) throw new DomainError('FORMS_INCOMPLETE', {}, { fields });
        const principal = persons.find((x) => x.id === principalSignerId);
        if (!principal?.isAs)
          throw new DomainError(
            'noPrincipal',
            {},
            { fields: { principal_signer_id: fieldError('PRINCIPAL_REQUIRED') } },
          );
        await repo.clearPrincipal(tx, account.id, 'as');
        await repo.updatePerson(tx, principal.id, { isPrincipalSigner: true });
        await access.updateAccount(tx, account.id, {
          appFormStatus: 'submitted',
          reviewStatus: 'Submitted',
          formUpdatedAt: clock.now(),
          lockRole: null,
          lockContactId: null,
          lockUntil: null,
        });
        await appendAudit(tx, {
          actorType: 'boarding',
          actorId: p.contactId,
          action: 'boarding.forms.submitted',
          subjectType: 'boarding',
          subjectId: account.id,
          ...meta,
          details: { principalSignerId },
        });
        return { account, persons };
      });
      await sendRoleLinks(deps, result.account.id, result.account.name);
      return view(db, p.accountUuid);
    },

    async setPrincipal(p: BoardingPrincipal, kind: 'as' | 'lr', personId: string) {
      return inTransaction(db, async (tx) => {
        const account = await beginEdit(tx, p, { needDraft: false });
        if (account.appFormStatus === 'signed')
          throw new DomainError('BOARDING_STATE', { reason: 'the forms are signed' });
        const persons = await access.listPersons(tx, account.id);
        const target = persons.find((x) => x.id === personId);
        if (!target) throw new DomainError('NOT_FOUND');
        if (kind === 'as' ? !target.isAs : !target.isLr)
          throw validationError({
            person_id: fieldError(kind === 'as' ? 'NOT_AUTHORIZED_SIGNATORY' : 'NOT_LEGAL_REPRESENTATIVE'),
          });
        const current = persons.find((x) => (kind === 'as' ? x.isPrincipalSigner : x.isPrincipalLegalRep));
        if (current && current.id !== personId) assertPrincipalChange(kind, p, await callerPerson(tx, p));
        await repo.clearPrincipal(tx, account.id, kind);
        await repo.updatePerson(
          tx,
          personId,
          kind === 'as' ? { isPrincipalSigner: true } : { isPrincipalLegalRep: true },
        );
        return view(tx, account.id);
      });
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
