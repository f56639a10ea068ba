import {
  type BoardingRole,
  buildChecklist,
  type ChecklistFacts,
  CONTACT_ISSUE_TYPES,
  CONTRACT_STATUS,
  type ContactIssueType,
  companyCompletenessErrors,
  isReadyForGoLive,
  OFFER_STATUS,
  scopesForRole,
} from '@portal/domain';
import type { AppDeps } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { BoardingPrincipal } from '../../http/principal.ts';
import type { FilesService } from '../boarding-files/files.service.ts';
import type { DocsService } from '../boarding-docs/docs.service.ts';
import * as repo from './access.repo.ts';

/** The contact column that says it is notified about each issue type (spec §5). */
export const CONTACT_NOTIFY_FLAG = {
  technical: 'notifyTechnical',
  financial: 'notifyFinancial',
  compliance: 'notifyCompliance',
  online_banking: 'notifyOnlineBanking',
} as const satisfies Record<ContactIssueType, keyof repo.ContactRow>;

/** Issue types no contact is notified about yet (spec §5: a contact for each type). */
export function missingContactTypes(contacts: repo.ContactRow[]): ContactIssueType[] {
  return CONTACT_ISSUE_TYPES.filter((t) => !contacts.some((c) => c[CONTACT_NOTIFY_FLAG[t]]));
}

const summary = (p: repo.PersonRow) => ({
  id: p.id,
  first_name: p.firstName,
  last_name: p.lastName,
  verified: p.verificationStatus === 'ACCEPTED',
  verification_status: p.verificationStatus,
  is_principal_signer: p.isPrincipalSigner,
  is_principal_legal_rep: p.isPrincipalLegalRep,
});

export function createOverviewService(deps: AppDeps, files: FilesService, docs: DocsService) {
  const { db } = deps;

  async function facts(accountId: string) {
    const account = await repo.findAccount(db, accountId);
    if (!account) throw new DomainError('NOT_FOUND');
    const [persons, contacts, offers, contracts, invoice] = await Promise.all([
      repo.listPersons(db, accountId),
      repo.listContacts(db, accountId),
      docs.rows.offers(accountId),
      docs.rows.contracts(accountId),
      docs.rows.invoice(accountId),
    ]);
    const missing = await files.missingTypes(accountId, !!account.company.licence?.has_licence);
    const f: ChecklistFacts = {
      appFormStatus: account.appFormStatus,
      companyComplete: Object.keys(companyCompletenessErrors(account.company)).length === 0,
      hasPersons: persons.length > 0,
      missingFileTypes: missing.length,
      internalCheckApproved: account.reviewStatus === 'Approved',
      verificationLinksSent: !!account.verLinksSentAt,
      allPersonsVerified: persons.length > 0 && persons.every((p) => p.verificationStatus === 'ACCEPTED'),
      allQuestionnairesSigned:
        persons.filter((p) => p.isBo).every((p) => !!p.questionnaireSignedAt) && persons.some((p) => p.isBo),
      offerApproved: offers.some(
        (o) => o.status === OFFER_STATUS.approved || o.status === OFFER_STATUS.converted,
      ),
      hasPartner: !!account.partner,
      invoicePaid: invoice?.status === 'paid',
      mainContractSigned:
        contracts.some((c) => c.type === 'main' && c.status === CONTRACT_STATUS.signed) &&
        persons.some((p) => p.isPrincipalLegalRep),
      contactsComplete: missingContactTypes(contacts).length === 0,
    };
    return { account, persons, contacts, offers, contracts, invoice, facts: f };
  }

  return {
    facts,
    async checklist(accountId: string, role?: BoardingRole) {
      const { facts: f } = await facts(accountId);
      return buildChecklist(f, role);
    },

    async consolidated(p: BoardingPrincipal) {
      const { account, persons, contacts, contracts, invoice, facts: f } = await facts(p.accountUuid);
      const role = p.role;
      const checklist = buildChecklist(f, role);
      const contact = contacts.find((c) => c.id === p.contactId);
      const person = contact?.personId ? persons.find((x) => x.id === contact.personId) : undefined;
      return {
        success: true as const,
        account_name: account.name,
        partner: account.partner,
        app_form_status: account.appFormStatus,
        internal_check:
          account.reviewStatus === 'Approved'
            ? ('approved' as const)
            : account.reviewStatus === 'Declined'
              ? ('declined' as const)
              : ('pending' as const),
        contracts: {
          signed: contracts.filter((c) => c.status === CONTRACT_STATUS.signed).length,
          total: contracts.length,
        },
        auth_signs: persons.filter((x) => x.isAs).map(summary),
        legal_reps: persons.filter((x) => x.isLr).map(summary),
        beneficial_owners: persons.filter((x) => x.isBo).map(summary),
        role,
        available_roles: contact ? rolesOfContact(contact, person) : [role],
        scopes: scopesForRole(role, { hasPartner: !!account.partner }),
        checklist,
        ready_for_go_live: isReadyForGoLive(checklist),
        invoice: { status: invoice?.status ?? ('none' as const) },
      };
    },
  };
}

function rolesOfContact(c: repo.ContactRow, person: repo.PersonRow | undefined): BoardingRole[] {
  const roles: BoardingRole[] = [];
  if (c.isBc) roles.push('bc');
  if (person?.isAs) roles.push('as');
  if (person?.isLr) roles.push('lr');
  return roles;
}

export type OverviewService = ReturnType<typeof createOverviewService>;
