import { randomUUID } from 'node:crypto';
import {
  canDeleteInCase,
  isFinalCaseStatus,
  MESSAGE_TYPES,
  type MessageFolder,
  type NewMessage,
  parseCaseNumber,
} from '@portal/domain';
import type { z } from 'zod';
import type { messageListBodySchema } from '@portal/domain';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import { type AppDeps, service } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { emitCompanyEvent } from '../notifications/company-events.ts';
import { checkAttachments, type IncomingFile, withStoredAttachments } from './attachments.ts';
import * as repo from './messages.repo.ts';
import { caseView, messageView } from './messages.view.ts';
import { caseNames, createSupportCasesService } from './support-cases.service.ts';

export type MessageListBody = z.output<typeof messageListBodySchema>;

/** Messages of a company's users (client side) with the staff side of support-cases.service.ts. */
export function createMessagesService(deps: AppDeps, storage: FileStorage) {
  const { db, clock } = deps;
  const users = () => service(deps, 'users');

  const companyOf = (p: UserPrincipal): string => {
    if (!p.merchantId) throw new DomainError('FORBIDDEN');
    return p.merchantId;
  };

  /** A message of the caller's company that it has not deleted, or 404 with `code`. */
  async function ownMessage(p: UserPrincipal, id: string, code: 'MESSAGE_NOT_FOUND' = 'MESSAGE_NOT_FOUND') {
    const merchantId = companyOf(p);
    const direct = await repo.findMessage(db, id);
    // A root uuid whose first message the company deleted still names the thread (its case).
    const found = direct && !direct.message.clientDeletedAt ? direct : ((await firstOfCase(id)) ?? direct);
    if (!found || found.message.merchantId !== merchantId || found.message.clientDeletedAt)
      throw new DomainError(code);
    return found;
  }

  async function firstOfCase(caseId: string) {
    const c = await repo.findCase(db, caseId);
    if (!c) return undefined;
    const [first] = await repo.threadOf(db, c.id, true);
    return first ? { message: first, case: c } : undefined;
  }

  const namesFor = caseNames(deps);

  return {
    types: () => MESSAGE_TYPES.map((code) => ({ code })),

    async list(
      p: UserPrincipal,
      folder: MessageFolder,
      page: number,
      rows: number,
      order: 'asc' | 'desc',
      body: MessageListBody,
    ) {
      const merchantId = companyOf(p);
      const { rows: found, total } = await repo.listMessages(db, {
        merchantId,
        folder,
        limit: rows,
        offset: (page - 1) * rows,
        order,
        crmStatus: body.crm_status,
        type: body.type,
        filterParam: body.filter_param,
        filterValue: body.filter_value || undefined,
        caseNo: body.filter_value ? parseCaseNumber(body.filter_value) : null,
        sortParam: body.sort_param,
        unread: body.unread,
      });
      const attachments = await repo.attachmentsOf(
        db,
        found.map((r) => r.message.id),
      );
      return { messages: found.map((r) => messageView(r.message, r.case, attachments)), total };
    },

    async thread(p: UserPrincipal, id: string) {
      const { case: c } = await ownMessage(p, id);
      const thread = await repo.threadOf(db, c.id, true);
      const attachments = await repo.attachmentsOf(
        db,
        thread.map((m) => m.id),
      );
      const names = await namesFor([c]);
      const { unread: _u, ...view } = caseView(c, names(c));
      return { case: view, messages: thread.map((m) => messageView(m, c, attachments)) };
    },

    async add(p: UserPrincipal, input: NewMessage, files: IncomingFile[]) {
      const merchantId = companyOf(p);
      const checked = await checkAttachments(files);
      let parent: repo.CaseRow | undefined;
      if (input.root_uuid) {
        parent = (await ownMessage(p, input.root_uuid)).case;
        if (isFinalCaseStatus(parent.crmStatus)) throw new DomainError('MESSAGE_CASE_CLOSED');
      }
      const authorName = (await users().userName(p.userId)) || 'Client';
      const now = clock.now();
      // A refusal inside the transaction removes the attachments just stored.
      const { message, kase, attachments } = await withStoredAttachments(storage, checked, (stored) =>
        inTransaction(db, async (tx) => {
          let kase: repo.CaseRow;
          let id: string = randomUUID();
          if (parent) {
            kase = await repo.updateCase(tx, parent.id, { updatedAt: now });
          } else {
            // The first message's uuid is the case id: root_uuid of the thread (spec §3).
            kase = await repo.insertCase(tx, {
              id,
              merchantId,
              // newMessageSchema refuses an unknown type; a reply has none (its case keeps its own).
              type: MESSAGE_TYPES.find((t) => t === input.type) ?? 'general',
              subject: input.subject ?? '',
              priority: input.priority,
              createdBy: p.userId,
              createdAt: now,
              updatedAt: now,
            });
            id = kase.id;
          }
          const message = await repo.insertMessage(tx, {
            id,
            caseId: kase.id,
            merchantId,
            folder: 'outbox',
            authorId: p.userId,
            authorName,
            subject: input.subject || (parent ? `Re: ${parent.subject}` : ''),
            body: input.text,
            priority: input.priority,
            createdAt: now,
          });
          const attachments = await repo.insertAttachments(
            tx,
            stored.map((f) => ({
              messageId: message.id,
              merchantId,
              fileName: f.fileName,
              ext: f.ext,
              size: f.bytes.length,
              storageKey: f.key,
            })),
          );
          return { message, kase, attachments };
        }),
      );
      return messageView(message, kase, attachments);
    },

    async markRead(p: UserPrincipal, ids: string[]) {
      const merchantId = companyOf(p);
      const unique = [...new Set(ids)];
      const found = await repo.messagesByIds(db, unique);
      if (
        found.length !== unique.length ||
        found.some((f) => f.message.merchantId !== merchantId || f.message.clientDeletedAt)
      )
        throw new DomainError('MESSAGE_READ_FAILED');
      await repo.markRead(db, unique, clock.now());
      emitCompanyEvent(merchantId, 'messages');
      return 'Messages marked as read.';
    },

    async deleteMessages(p: UserPrincipal, ids: string[]) {
      const merchantId = companyOf(p);
      const unique = [...new Set(ids)];
      return inTransaction(db, async (tx) => {
        const found = await repo.messagesByIds(tx, unique);
        if (
          found.length !== unique.length ||
          found.some((f) => f.message.merchantId !== merchantId || f.message.clientDeletedAt)
        )
          throw new DomainError('MESSAGE_DELETE_FAILED');
        const cases = await repo.casesByIds(tx, [...new Set(found.map((f) => f.case.id))], true);
        const denied = cases.find((c) => !canDeleteInCase(c.crmStatus));
        if (denied) throw new DomainError('MESSAGE_DELETE_DENIED', { status: denied.crmStatus });
        const now = clock.now();
        await repo.softDeleteMessages(tx, unique, now);
        const emptied = await repo.emptiedCases(
          tx,
          cases.map((c) => c.id),
        );
        if (emptied.length) await repo.softDeleteThreads(tx, emptied, now);
        emitCompanyEvent(merchantId, 'messages');
        return unique.length;
      });
    },

    async deleteThreads(p: UserPrincipal, rootIds: string[]) {
      const merchantId = companyOf(p);
      const unique = [...new Set(rootIds)];
      return inTransaction(db, async (tx) => {
        const cases = await repo.casesByIds(tx, unique, true);
        if (
          cases.length !== unique.length ||
          cases.some((c) => c.merchantId !== merchantId || c.clientDeletedAt)
        )
          throw new DomainError('MESSAGE_SEQUENCE_DELETE_FAILED');
        const denied = cases.find((c) => !canDeleteInCase(c.crmStatus));
        if (denied) throw new DomainError('MESSAGE_DELETE_DENIED', { status: denied.crmStatus });
        await repo.softDeleteThreads(tx, unique, clock.now());
        emitCompanyEvent(merchantId, 'messages');
        return unique.length;
      });
    },

    async unreadQuantity(p: UserPrincipal) {
      const merchantId = companyOf(p);
      return [{ merchant_id: merchantId, quantity: await repo.unreadCount(db, merchantId) }];
    },

    /** An attachment for users of the owning company (not deleted by it) or staff; anything else 404. */
    async attachment(p: UserPrincipal, messageId: string, attachmentId: string) {
      const found = await repo.findAttachment(db, attachmentId, messageId);
      const allowed =
        found && (p.isAdmin || (found.message.merchantId === p.merchantId && !found.message.clientDeletedAt));
      if (!allowed) throw new DomainError('ATTACHMENT_NOT_FOUND');
      const bytes = await storage.get(found.attachment.storageKey);
      if (!bytes) throw new DomainError('ATTACHMENT_NOT_FOUND');
      return { bytes, name: found.attachment.fileName, ext: found.attachment.ext };
    },

    // Staff side (operator console): support-cases.service.ts.
    ...createSupportCasesService(deps, storage),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
