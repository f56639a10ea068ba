import {
  AML_DECLINE_TEXT,
  canStartVerification,
  canVerificationTransition,
  type VerificationStatus,
  fieldError,
} from '@portal/domain';
import {
  SIMULATED_CHECK_SECONDS,
  type VerificationProvider,
  VerificationUnavailable,
} from '../../adapters/verification/verification-provider.ts';
import { mailFormat } from '../../adapters/mail/format.ts';
import { inTransaction } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError, validationError } from '../../http/errors.ts';
import type { VerificationPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { BoardingRecords } from '../boarding/access.service.ts';
import * as repo from './verification.repo.ts';

export const VERIFICATION_POLL_JOB = 'boarding.verification-poll';
type Meta = { ip: string; userAgent: string };

const messageOf = (s: VerificationStatus) => (s === 'DECLINED_AML' ? AML_DECLINE_TEXT : null);
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function createVerificationService(
  deps: AppDeps,
  provider: VerificationProvider,
  access: BoardingRecords,
) {
  const { db, clock } = deps;

  async function personOf(p: VerificationPrincipal) {
    const contact = await access.findContact(db, p.accountUuid, p.contactUuid);
    const person = contact?.personId
      ? await access.findPerson(db, p.accountUuid, contact.personId)
      : undefined;
    const account = await access.findAccount(db, p.accountUuid);
    if (!person || !account || !contact) throw new DomainError('BOARDING_LINK_INVALID');
    return { person, account, contact };
  }

  /** Asks the provider for the result of a PENDING check and records a final one. */
  async function refresh(accountId: string, personId: string) {
    const person = await access.findPerson(db, accountId, personId);
    if (!person) throw new DomainError('NOT_FOUND');
    if (person.verificationStatus !== 'PENDING' || !person.verificationReference)
      return person.verificationStatus;
    let outcome: VerificationStatus;
    try {
      outcome = await provider.result(person.verificationReference);
    } catch (err) {
      if (err instanceof VerificationUnavailable) throw new DomainError('VERIFICATION_ERROR');
      throw err;
    }
    if (outcome === 'PENDING' || !canVerificationTransition('PENDING', outcome)) return 'PENDING';
    await inTransaction(db, async (tx) => {
      await access.updatePersonState(tx, personId, {
        verificationStatus: outcome,
        verifiedAt: outcome === 'ACCEPTED' ? clock.now() : null,
      });
      await appendAudit(tx, {
        actorType: 'system',
        actorId: null,
        action: 'boarding.verification.result',
        subjectType: 'boarding',
        subjectId: accountId,
        details: { personId, outcome, reference: person.verificationReference },
      });
    });
    return outcome;
  }

  return {
    refresh,

    async me(p: VerificationPrincipal) {
      const { person, account, contact } = await personOf(p);
      const meetings = await repo.listContactMeetings(db, contact.id);
      return {
        account_name: account.name,
        person: {
          first_name: person.firstName,
          last_name: person.lastName,
          is_as: person.isAs,
          is_lr: person.isLr,
          is_bo: person.isBo,
        },
        passport_checked: !!person.passportCheckedAt,
        questionnaire_required: person.isBo,
        questionnaire_signed: !!person.questionnaireSignedAt,
        meetings: meetings.map((m) => ({
          id: m.id,
          title: m.title,
          starts_at: m.startsAt.toISOString(),
          accept_status: m.acceptStatus,
        })),
        verification_status: person.verificationStatus,
        message: messageOf(person.verificationStatus),
      };
    },

    personOf,

    /** Spec §5: names, birth date, email and document compared case-insensitively with the forms. */
    async passportCheck(
      p: VerificationPrincipal,
      body: {
        first_name: string;
        last_name: string;
        birth_date: string;
        email: string;
        document_number: string;
      },
      meta: Meta,
    ) {
      const { person } = await personOf(p);
      const d = person.data;
      const fields: Record<string, string> = {};
      if (!same(body.first_name, d.first_name)) fields.first_name = 'Does not match the application forms.';
      if (!same(body.last_name, d.last_name)) fields.last_name = 'Does not match the application forms.';
      if (body.birth_date !== d.birth_date) fields.birth_date = 'Does not match the application forms.';
      if (!same(body.email, d.email)) fields.email = 'Does not match the application forms.';
      if (!same(body.document_number.replace(/\s/g, ''), d.document.number.replace(/\s/g, '')))
        fields.document_number = 'Does not match the application forms.';
      const mismatch = Object.keys(fields).length > 0;
      await inTransaction(db, async (tx) => {
        await access.updatePersonState(
          tx,
          person.id,
          mismatch ? { dataMismatch: true } : { dataMismatch: false, passportCheckedAt: clock.now() },
        );
        await appendAudit(tx, {
          actorType: 'related_person',
          actorId: p.contactUuid,
          action: mismatch ? 'boarding.passport.mismatch' : 'boarding.passport.matched',
          subjectType: 'boarding',
          subjectId: p.accountUuid,
          ...meta,
          details: { personId: person.id, fields: Object.keys(fields) },
        });
      });
      // The mismatch is recorded (it blocks offers and contracts, spec §8) and reported.
      if (mismatch) throw new DomainError('VERIFICATION_MISMATCH', {}, { fields });
      return { passport_checked: true as const };
    },

    async start(p: VerificationPrincipal) {
      const { person } = await personOf(p);
      if (!person.passportCheckedAt || person.dataMismatch)
        throw new DomainError('BOARDING_STATE', { reason: 'confirm your passport data first' });
      if (person.verificationStatus === 'DECLINED_AML') throw new DomainError('VERIFICATION_AML');
      if (!canStartVerification(person.verificationStatus))
        throw new DomainError('BOARDING_STATE', {
          reason: `the verification is ${person.verificationStatus}`,
        });
      let started: { reference: string; hostedUrl: string };
      try {
        started = await provider.start({
          firstName: person.firstName,
          lastName: person.lastName,
          birthDate: person.data.birth_date,
          documentNumber: person.data.document.number,
        });
      } catch (err) {
        if (err instanceof VerificationUnavailable) throw new DomainError('VERIFICATION_ERROR');
        throw err;
      }
      await access.updatePersonState(db, person.id, {
        verificationStatus: 'PENDING',
        verificationReference: started.reference,
        verifiedAt: null,
      });
      await deps.jobs.send(
        VERIFICATION_POLL_JOB,
        { accountId: p.accountUuid, personId: person.id },
        { startAfterSeconds: SIMULATED_CHECK_SECONDS + 1 },
      );
      return {
        reference: started.reference,
        hosted_url: started.hostedUrl,
        verification_status: 'PENDING' as const,
        message: null,
      };
    },

    async result(p: VerificationPrincipal) {
      const { person } = await personOf(p);
      const status = await refresh(p.accountUuid, person.id);
      return { verification_status: status, message: messageOf(status) };
    },

    /** Operator's manual decision on a DECLINED_AML check (spec §4: goes to manual approval). */
    async amlDecision(
      accountId: string,
      personId: string,
      decision: 'approve' | 'decline',
      comment: string,
      adminId: string,
      meta: Meta,
    ) {
      return inTransaction(db, async (tx) => {
        const account = await access.lockAccount(tx, accountId);
        const person = account && (await access.findPerson(tx, accountId, personId));
        if (!person) throw new DomainError('NOT_FOUND');
        const to = decision === 'approve' ? 'ACCEPTED' : 'DECLINED';
        if (person.verificationStatus !== 'DECLINED_AML' || !canVerificationTransition('DECLINED_AML', to))
          throw new DomainError('BOARDING_STATE', {
            reason: `the verification is ${person.verificationStatus}`,
          });
        await access.updatePersonState(tx, personId, {
          verificationStatus: to,
          verifiedAt: to === 'ACCEPTED' ? clock.now() : null,
        });
        await appendAudit(tx, {
          actorType: 'admin',
          actorId: adminId,
          action: 'boarding.verification.aml_override',
          subjectType: 'boarding',
          subjectId: accountId,
          ...meta,
          details: { personId, decision, comment },
        });
        return { verification_status: to };
      });
    },

    /** Verification links to every related person not verified yet (after the internal check). */
    async sendLinks(accountId: string) {
      const account = await access.findAccount(db, accountId);
      if (!account) throw new DomainError('NOT_FOUND');
      if (account.reviewStatus !== 'Approved')
        throw new DomainError('BOARDING_STATE', { reason: 'the internal check is not passed yet' });
      const persons = new Map((await access.listPersons(db, accountId)).map((x) => [x.id, x]));
      let sent = 0;
      for (const c of await access.listContacts(db, accountId)) {
        const person = c.personId ? persons.get(c.personId) : undefined;
        if (!person || person.verificationStatus === 'ACCEPTED') continue;
        const role = person.isAs ? 'as' : person.isLr ? 'lr' : 'bo';
        await deps.mail.send({
          to: c.email,
          subject: `${account.name}: ID and facial verification`,
          text: `Dear ${c.firstName} ${c.lastName},\n\nPlease verify your identity for ${account.name}:\n${deps.config.publicUrl}/verifications/${account.id}/${role}/${c.id}\n`,
          kind: 'verification-link',
        });
        sent++;
      }
      await access.updateAccount(db, accountId, { verLinksSentAt: clock.now() });
      return sent;
    },

    async createMeeting(accountId: string, personId: string, title: string, startsAt: Date) {
      const account = await access.findAccount(db, accountId);
      const person = account && (await access.findPerson(db, accountId, personId));
      const contact =
        person && (await access.listContacts(db, accountId)).find((c) => c.personId === person.id);
      if (!account || !contact) throw new DomainError('NOT_FOUND');
      if (startsAt <= clock.now()) throw validationError({ starts_at: fieldError('DATE_NOT_IN_FUTURE') });
      const m = await repo.insertMeeting(db, { accountId, contactId: contact.id, title, startsAt });
      const link = (s: string) =>
        `${deps.config.publicUrl}/meetings?contact_id=${contact.id}&record=${m.id}&accept_status=${s}`;
      await deps.mail.send({
        to: contact.email,
        subject: `Invitation: ${title}`,
        text: `Dear ${contact.firstName} ${contact.lastName},\n\nYou are invited to "${title}" on ${mailFormat('en-gb').dateTime(startsAt)}.\nAccept: ${link('accept')}\nTentative: ${link('tentative')}\nDecline: ${link('decline')}\n`,
        kind: 'meeting-invitation',
      });
      return m.id;
    },

    async meeting(record: string, inviteeId: string) {
      const m = await repo.findInviteeMeeting(db, record, inviteeId);
      if (!m) throw new DomainError('NOT_FOUND');
      return { id: m.id, title: m.title, starts_at: m.startsAt.toISOString(), accept_status: m.acceptStatus };
    },

    async respondMeeting(
      record: string,
      inviteeType: string,
      inviteeId: string,
      status: 'accept' | 'tentative' | 'decline',
    ) {
      // Boarding meetings invite contacts; user and lead invitees belong to other areas.
      if (inviteeType !== 'contact') throw new DomainError('NOT_FOUND');
      const m = await repo.setInviteeAnswer(db, record, inviteeId, {
        acceptStatus: status,
        respondedAt: clock.now(),
      });
      if (!m) throw new DomainError('NOT_FOUND');
      return { id: m.id, title: m.title, starts_at: m.startsAt.toISOString(), accept_status: m.acceptStatus };
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
