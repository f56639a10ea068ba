import { type CaseStatus, canMoveCase, formatCaseNumber, parseCaseNumber } from '@portal/domain';
import { supportAnswerMail } from '../../adapters/mail/account-texts.ts';
import { mailLanguage } from '../../adapters/mail/format.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { inTransaction } from '../../db/tx.ts';
import { type AppDeps, service } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { emitCompanyEvent } from '../notifications/company-events.ts';
import { checkAttachments, type IncomingFile, withStoredAttachments } from './attachments.ts';
import * as repo from './messages.repo.ts';
import { caseView, messageView } from './messages.view.ts';

/** The user settings' "email on new message" (notification_params); only an explicit false stops the mail. */
export const SUPPORT_MAIL_SETTING = 'email_new_message';

/** The company's and the assignee's names of cases, read once for a list of them. */
export function caseNames(deps: AppDeps) {
  const users = () => service(deps, 'users');
  return async (cases: repo.CaseRow[]) => {
    const [merchants, staff] = await Promise.all([
      users().merchantsByIds(cases.map((c) => c.merchantId)),
      users().staffUsers(),
    ]);
    return (c: repo.CaseRow) => ({
      merchant: merchants.find((m) => m.id === c.merchantId)?.name ?? '',
      assignee: staff.find((s) => s.id === c.assignedTo)?.name ?? null,
    });
  };
}

/** The staff side of messages (operator console): support cases, answers, statuses, assignees. */
export function createSupportCasesService(deps: AppDeps, storage: FileStorage) {
  const { db, clock } = deps;
  const users = () => service(deps, 'users');
  const namesFor = caseNames(deps);

  async function mailAnswer(c: repo.CaseRow) {
    const recipients = await users().companyRecipients(c.merchantId);
    const number = formatCaseNumber(c.caseNo);
    for (const r of recipients) {
      if (r.notificationParams[SUPPORT_MAIL_SETTING] === false) continue;
      // The answer itself stays in the portal: mail is not a safe channel for account details.
      await deps.mail.send({
        to: r.email,
        kind: 'support-answer',
        ...supportAnswerMail(mailLanguage(r.uiLanguage), r.name, number, c.subject),
      });
    }
  }

  return {
    async listCases(
      staffId: string,
      page: number,
      rows: number,
      f: {
        crm_status?: CaseStatus | undefined;
        merchant_id?: string | undefined;
        assigned?: string | undefined;
        filter_value?: string | undefined;
      },
    ) {
      const assignedTo =
        f.assigned === 'me' ? staffId : f.assigned === 'none' ? null : f.assigned ? f.assigned : undefined;
      const { rows: found, total } = await repo.listCases(db, {
        limit: rows,
        offset: (page - 1) * rows,
        crmStatus: f.crm_status,
        merchantId: f.merchant_id,
        assignedTo,
        filterValue: f.filter_value || undefined,
        caseNo: f.filter_value ? parseCaseNumber(f.filter_value) : null,
      });
      const names = await namesFor(found.map((r) => r.case));
      return { cases: found.map((r) => caseView(r.case, names(r.case), r.unread)), total };
    },

    async getCase(id: string) {
      const c = await repo.findCase(db, id);
      if (!c) throw new DomainError('CASE_NOT_FOUND');
      await repo.markStaffRead(db, c.id, clock.now());
      const thread = await repo.threadOf(db, c.id, false);
      const attachments = await repo.attachmentsOf(
        db,
        thread.map((m) => m.id),
      );
      const names = await namesFor([c]);
      return {
        case: caseView(c, names(c), 0),
        messages: thread.map((m) => messageView(m, c, attachments, true)),
      };
    },

    async answer(
      staff: UserPrincipal,
      caseId: string,
      input: { text: string; crm_status?: CaseStatus | undefined },
      files: IncomingFile[],
      meta: { ip: string; userAgent: string },
    ) {
      const checked = await checkAttachments(files);
      const existing = await repo.findCase(db, caseId);
      if (!existing) throw new DomainError('CASE_NOT_FOUND');
      // Answering a new case starts work on it unless the answer sets another status.
      const next =
        input.crm_status ??
        (existing.crmStatus === 'Created' ? ('In Progress' as const) : existing.crmStatus);
      if (next !== existing.crmStatus && !canMoveCase(existing.crmStatus, next))
        throw new DomainError('CASE_STATUS_MOVE', { from: existing.crmStatus, to: next });
      const authorName = (await users().userName(staff.userId)) || 'Support';
      const now = clock.now();
      // A refusal inside the transaction removes the attachments just stored.
      const { message, kase, attachments } = await withStoredAttachments(storage, checked, (stored) =>
        inTransaction(db, async (tx) => {
          const locked = await repo.findCase(tx, caseId, true);
          if (!locked) throw new DomainError('CASE_NOT_FOUND');
          const kase = await repo.updateCase(tx, caseId, {
            crmStatus: next,
            updatedAt: now,
            // An answer brings a thread the company had deleted back into its view.
            clientDeletedAt: null,
          });
          const message = await repo.insertMessage(tx, {
            caseId,
            merchantId: kase.merchantId,
            folder: 'inbox',
            authorId: staff.userId,
            authorName,
            subject: `Re: ${kase.subject}`,
            body: input.text,
            priority: kase.priority,
            createdAt: now,
            staffReadAt: now,
          });
          const attachments = await repo.insertAttachments(
            tx,
            stored.map((f) => ({
              messageId: message.id,
              merchantId: kase.merchantId,
              fileName: f.fileName,
              ext: f.ext,
              size: f.bytes.length,
              storageKey: f.key,
            })),
          );
          await appendAudit(tx, {
            actorType: 'admin',
            actorId: staff.userId,
            action: 'support.case_answered',
            subjectType: 'support_case',
            subjectId: caseId,
            ip: meta.ip,
            userAgent: meta.userAgent,
            details: { from: locked.crmStatus, to: next, message_id: message.id },
          });
          return { message, kase, attachments };
        }),
      );
      emitCompanyEvent(kase.merchantId, 'messages');
      // The answer is committed; a mail that cannot be written must not turn it into a failure
      // (the mailer records delivery errors on its outbox row).
      await mailAnswer(kase).catch(() => undefined);
      const names = await namesFor([kase]);
      return {
        message: messageView(message, kase, attachments, true),
        case: caseView(kase, names(kase), 0),
      };
    },

    async setStatus(
      staff: UserPrincipal,
      caseId: string,
      to: CaseStatus,
      meta: { ip: string; userAgent: string },
    ) {
      const kase = await inTransaction(db, async (tx) => {
        const c = await repo.findCase(tx, caseId, true);
        if (!c) throw new DomainError('CASE_NOT_FOUND');
        if (!canMoveCase(c.crmStatus, to))
          throw new DomainError('CASE_STATUS_MOVE', { from: c.crmStatus, to });
        const updated = await repo.updateCase(tx, caseId, { crmStatus: to, updatedAt: clock.now() });
        await appendAudit(tx, {
          actorType: 'admin',
          actorId: staff.userId,
          action: 'support.case_status',
          subjectType: 'support_case',
          subjectId: caseId,
          ip: meta.ip,
          userAgent: meta.userAgent,
          details: { from: c.crmStatus, to },
        });
        return updated;
      });
      emitCompanyEvent(kase.merchantId, 'messages');
      const names = await namesFor([kase]);
      return caseView(kase, names(kase), 0);
    },

    async assign(caseId: string, userId: string | null) {
      if (userId && !(await users().staffUsers()).some((s) => s.id === userId))
        throw new DomainError('CASE_ASSIGNEE_INVALID');
      const c = await repo.findCase(db, caseId);
      if (!c) throw new DomainError('CASE_NOT_FOUND');
      const kase = await repo.updateCase(db, caseId, { assignedTo: userId });
      const names = await namesFor([kase]);
      return caseView(kase, names(kase), 0);
    },

    staff: () => users().staffUsers(),
  };
}
