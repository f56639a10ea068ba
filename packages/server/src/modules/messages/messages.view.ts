import { type CaseView, formatCaseNumber, type MessageView } from '@portal/domain';
import type { AttachmentRow, CaseRow, MessageRow } from './messages.repo.ts';

/** A message as the API shows it; `forStaff` reads the staff side of the read flag. */
export function messageView(
  m: MessageRow,
  c: CaseRow,
  attachments: AttachmentRow[],
  forStaff = false,
): MessageView {
  const read = forStaff
    ? m.folder === 'inbox' || m.staffReadAt !== null
    : m.folder === 'outbox' || m.readAt !== null;
  return {
    id: m.id,
    root_uuid: c.id,
    case_number: formatCaseNumber(c.caseNo),
    crm_status: c.crmStatus,
    type: c.type,
    subject: m.subject,
    text: m.body,
    priority: m.priority,
    folder: m.folder,
    author_name: m.authorName,
    created: m.createdAt.toISOString(),
    read_status: read ? 1 : 0,
    attachments: attachments
      .filter((a) => a.messageId === m.id)
      .map((a) => ({ file_link: a.id, file_name: a.fileName, size: a.size })),
  };
}

export function caseView(
  c: CaseRow,
  names: { merchant: string; assignee: string | null },
  unread = 0,
): CaseView {
  return {
    id: c.id,
    case_number: formatCaseNumber(c.caseNo),
    merchant_id: c.merchantId,
    merchant_name: names.merchant,
    crm_status: c.crmStatus,
    type: c.type,
    subject: c.subject,
    priority: c.priority,
    assigned_to: c.assignedTo,
    assigned_name: names.assignee,
    created: c.createdAt.toISOString(),
    updated: c.updatedAt.toISOString(),
    unread,
    deleted_by_client: c.clientDeletedAt !== null,
  };
}
