import type { AppFormStatus, BoardingRole } from '../enums/boarding.ts';

/**
 * The to-do and go-live checklist (spec §1 order). Each item names the roles that act on it,
 * so each role sees what is theirs (spec §6 role-specific views).
 */
export const CHECKLIST_ITEMS = [
  'formsCompleted',
  'filesUploaded',
  'formsSubmitted',
  'internalCheck',
  'verificationLinksSent',
  'personsVerified',
  'questionnairesSigned',
  'formsSigned',
  'offerApproved',
  'invoicePaid',
  'contractSigned',
  'contactsComplete',
] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

/** Who acts on each item: a boarding role, a beneficial owner, or the provider (`operator`). */
export const CHECKLIST_ACTORS = {
  formsCompleted: ['bc', 'as', 'lr'],
  filesUploaded: ['bc', 'as', 'lr'],
  formsSubmitted: ['bc', 'as', 'lr'],
  internalCheck: ['operator'],
  verificationLinksSent: ['bc', 'as', 'lr'],
  personsVerified: ['bo', 'as', 'lr'],
  questionnairesSigned: ['bo'],
  formsSigned: ['as'],
  offerApproved: ['as'],
  invoicePaid: ['as', 'operator'],
  contractSigned: ['as'],
  contactsComplete: ['as', 'lr'],
} as const satisfies Record<ChecklistItem, readonly (BoardingRole | 'operator')[]>;

export interface ChecklistFacts {
  appFormStatus: AppFormStatus;
  companyComplete: boolean;
  hasPersons: boolean;
  missingFileTypes: number;
  internalCheckApproved: boolean;
  verificationLinksSent: boolean;
  allPersonsVerified: boolean;
  allQuestionnairesSigned: boolean;
  offerApproved: boolean;
  /** With a partner the offer is handled outside the applicant's portal (spec §6). */
  hasPartner: boolean;
  invoicePaid: boolean;
  mainContractSigned: boolean;
  contactsComplete: boolean;
}

export interface ChecklistEntry {
  item: ChecklistItem;
  done: boolean;
  actors: string[];
  /** The caller's role acts on this item. */
  mine: boolean;
}

export function buildChecklist(f: ChecklistFacts, role?: BoardingRole): ChecklistEntry[] {
  const submitted = f.appFormStatus === 'submitted' || f.appFormStatus === 'signed';
  const done: Record<ChecklistItem, boolean> = {
    formsCompleted: submitted || (f.companyComplete && f.hasPersons),
    filesUploaded: f.missingFileTypes === 0,
    formsSubmitted: submitted,
    internalCheck: f.internalCheckApproved,
    verificationLinksSent: f.verificationLinksSent,
    personsVerified: f.allPersonsVerified,
    questionnairesSigned: f.allQuestionnairesSigned,
    formsSigned: f.appFormStatus === 'signed',
    offerApproved: f.hasPartner || f.offerApproved,
    invoicePaid: f.invoicePaid,
    contractSigned: f.mainContractSigned,
    contactsComplete: f.contactsComplete,
  };
  return CHECKLIST_ITEMS.map((item) => {
    const actors: readonly string[] = CHECKLIST_ACTORS[item];
    return { item, done: done[item], actors: [...actors], mine: role !== undefined && actors.includes(role) };
  });
}

/** Go-live is allowed only when every item is done (spec §1). */
export const isReadyForGoLive = (list: readonly ChecklistEntry[]) => list.every((e) => e.done);
