import { createHash } from 'node:crypto';
import {
  APP_FILE_LIMITS,
  APP_FILE_TYPE_NAMES,
  type AppFileType,
  canFileTransition,
  checkFileName,
  FILE_ACCEPTED_STATUSES,
  FILE_DEAD_STATUSES,
  FILE_EXPIRY_MONTHS,
  FILE_STATUS_CODE,
  FILE_STATUS_NAME,
  type FileStatusCodeName,
  type FileView,
  missingRequiredFileTypes,
  nameOfCode,
  fieldError,
} from '@portal/domain';
import { type FileStorage, storeThen } from '../../adapters/storage/storage.ts';
import type { DbOrTx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { BoardingRecords } from '../boarding/access.service.ts';
import { inspectUpload, neutraliseCsv, refuseHostileUpload } from './file-content.ts';
import * as repo from './files.repo.ts';

export const FILE_CHECK_JOB = 'boarding.file-check';
const MB = 1024 * 1024;

export function addMonthsUtc(at: Date, months: number): Date {
  const d = new Date(at);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The status a file has now: live files past their expiry count as EXPIRED (spec §9, three months). */
export function effectiveStatus(row: { status: number; expiresAt: Date }, now: Date): FileStatusCodeName {
  const name = nameOfCode(FILE_STATUS_CODE, row.status) ?? 'ACTIVE';
  return row.expiresAt <= now && canFileTransition(name, 'EXPIRED') ? 'EXPIRED' : name;
}

export interface UploadInput {
  fileType: string | undefined;
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

export function createFilesService(deps: AppDeps, storage: FileStorage, records: BoardingRecords) {
  const { db, clock } = deps;
  const { lockAccount } = records;

  async function toView(rows: repo.FileRow[]): Promise<FileView[]> {
    const comments = await repo.commentsOf(
      db,
      rows.map((r) => r.id),
    );
    const now = clock.now();
    return rows.map((r) => {
      const status = effectiveStatus(r, now);
      return {
        id: r.id,
        file_type: r.fileType,
        file_name: r.fileName,
        version: r.version,
        size: r.sizeBytes,
        created: r.createdAt.toISOString(),
        expires_at: r.expiresAt.toISOString(),
        status: FILE_STATUS_NAME[status],
        status_code: FILE_STATUS_CODE[status],
        comments: comments
          .filter((c) => c.subjectId === r.id)
          .map((c) => ({ author: c.author, text: c.text, created: c.createdAt.toISOString() })),
      };
    });
  }

  async function one(accountId: string, id: string) {
    const row = await repo.findFile(db, accountId, id);
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }

  /** Moves a file along the machine of the domain; an expired file is persisted as such first. */
  async function transition(
    accountId: string,
    id: string,
    to: (from: FileStatusCodeName) => FileStatusCodeName,
    comment?: { author: string; text: string },
  ) {
    const row = await inTransaction(db, async (tx) => {
      await lockAccount(tx, accountId);
      const file = await repo.findFile(tx, accountId, id);
      if (!file) throw new DomainError('NOT_FOUND');
      const from = effectiveStatus(file, clock.now());
      if (from === 'EXPIRED') {
        await repo.setStatus(tx, id, FILE_STATUS_CODE.EXPIRED);
        return { expired: true as const };
      }
      const next = to(from);
      if (next !== from && !canFileTransition(from, next))
        throw new DomainError('FILE_STATUS', { from: FILE_STATUS_NAME[from], to: FILE_STATUS_NAME[next] });
      await repo.setStatus(tx, id, FILE_STATUS_CODE[next]);
      if (comment)
        await repo.insertComment(tx, { accountId, subjectType: 'file', subjectId: id, ...comment });
      return { expired: false as const };
    });
    if (row.expired) throw new DomainError('FILE_EXPIRED');
    const [view] = await toView([await one(accountId, id)]);
    if (!view) throw new Error('file vanished');
    return view;
  }

  const inFlight = new Set<Promise<void>>();

  return {
    /** A comment on a boarding record (the operator's review note), in the caller's transaction. */
    addComment: (tx: DbOrTx, row: Parameters<typeof repo.insertComment>[1]) => repo.insertComment(tx, row),

    async upload(accountId: string, contactId: string | null, input: UploadInput) {
      const fileType = APP_FILE_TYPE_NAMES.find((t) => t === input.fileType);
      if (!fileType)
        throw new DomainError('FILE_TYPE_REQUIRED', {}, { fields: { file_type: fieldError('REQUIRED') } });
      const name = checkFileName(input.fileName);
      if ('error' in name) throw new DomainError(name.error, {}, { fields: { file: input.fileName } });
      if (input.truncated || input.bytes.length > APP_FILE_LIMITS.maxFileBytes)
        throw new DomainError('FILE_TOO_LARGE', { maxMb: APP_FILE_LIMITS.maxFileBytes / MB });
      await refuseHostileUpload(
        name.ext,
        input.bytes,
        () => new DomainError('FILE_CONTENT_INVALID', { ext: name.ext.toUpperCase() }),
      );
      // A refusal inside the transaction (count, total size) removes the bytes just written.
      const row = await storeThen(storage, 'boarding-files', input.bytes, (storageKey) =>
        inTransaction(db, async (tx) => {
          const account = await lockAccount(tx, accountId);
          if (!account) throw new DomainError('NOT_FOUND');
          const u = await repo.usage(tx, accountId, fileType);
          if (u.files >= APP_FILE_LIMITS.maxFiles)
            throw new DomainError('FILE_COUNT_EXCEEDED', { max: APP_FILE_LIMITS.maxFiles });
          if (u.bytes + input.bytes.length > APP_FILE_LIMITS.maxTotalBytes)
            throw new DomainError('FILE_TOTAL_TOO_LARGE', { maxMb: APP_FILE_LIMITS.maxTotalBytes / MB });
          const now = clock.now();
          return repo.insertFile(tx, {
            accountId,
            fileType,
            fileName: input.fileName.trim(),
            ext: name.ext,
            version: u.lastVersion + 1,
            sizeBytes: input.bytes.length,
            sha256: createHash('sha256').update(input.bytes).digest('hex'),
            storageKey,
            status: FILE_STATUS_CODE.ACTIVE,
            uploadedBy: contactId,
            createdAt: now,
            expiresAt: addMonthsUtc(now, FILE_EXPIRY_MONTHS),
          });
        }),
      );
      const [view] = await toView([row]);
      if (!view) throw new Error('file vanished');
      return view;
    },

    async list(accountId: string, page: number, rows: number, fileType?: string) {
      const r = await repo.listFiles(db, accountId, { fileType, limit: rows, offset: (page - 1) * rows });
      return {
        files: await toView(r.rows),
        total: r.total,
        missingTypes: await this.missingTypes(accountId),
      };
    },

    async missingTypes(accountId: string, hasLicence = false): Promise<AppFileType[]> {
      const now = clock.now();
      const dead: readonly string[] = FILE_DEAD_STATUSES;
      const present = (await repo.allFiles(db, accountId))
        .filter((f) => !dead.includes(effectiveStatus(f, now)))
        .map((f) => f.fileType);
      return missingRequiredFileTypes(present, { hasLicence });
    },

    /** Whether a file of `type` is accepted now (verified basis of power). */
    async hasAccepted(accountId: string, type: AppFileType, on: DbOrTx = db) {
      const now = clock.now();
      const ok: readonly string[] = FILE_ACCEPTED_STATUSES;
      return (await repo.allFiles(on, accountId)).some(
        (f) => f.fileType === type && ok.includes(effectiveStatus(f, now)),
      );
    },

    async view(accountId: string, id: string) {
      const [v] = await toView([await one(accountId, id)]);
      if (!v) throw new Error('file vanished');
      return v;
    },

    /** The stored bytes; a CSV comes back with formula cells neutralised (every download). */
    async content(accountId: string, id: string) {
      const row = await one(accountId, id);
      const bytes = await storage.get(row.storageKey);
      if (!bytes) throw new DomainError('NOT_FOUND');
      return { row, bytes: row.ext === 'csv' ? neutraliseCsv(bytes) : bytes };
    },

    /**
     * Issue 17: the automated check starts in this process right after the answer (no queue poll
     * in between), so the file leaves pending verification — verified, or verification error —
     * within PDF_PARSE_TIMEOUT_MS of the call; the queued job is the fallback when this process
     * dies first. The operator can still ask a question or decline.
     */
    async runVerification(accountId: string, id: string) {
      const view = await transition(accountId, id, () => 'PENDING_VERIFICATION');
      await deps.jobs.send(FILE_CHECK_JOB, { accountId, fileId: id });
      const check = this.automatedCheck(accountId, id);
      inFlight.add(check);
      void check.catch(() => undefined).finally(() => inFlight.delete(check));
      return view;
    },

    /** Checks started by runVerification that have not finished (tests wait on them). */
    settled: () => Promise.allSettled([...inFlight]),

    /** The automated part of a file check: the document must parse and carry no active content. */
    async automatedCheck(accountId: string, id: string) {
      const row = await one(accountId, id);
      const bytes = await storage.get(row.storageKey);
      const verdict = bytes ? await inspectUpload(row.ext, bytes) : ({ ok: false } as const);
      await transition(accountId, id, (from) =>
        from === 'PENDING_VERIFICATION' ? (verdict.ok ? 'VERIFIED' : 'VERIFICATION_ERROR') : from,
      );
    },

    /** Applicant comment: answers a pending question, which sends the file back to verification. */
    comment: (accountId: string, id: string, author: string, text: string) =>
      transition(accountId, id, (from) => (from === 'PENDING_COMMENT' ? 'PENDING_VERIFICATION' : from), {
        author,
        text,
      }),

    /** Operator review (console). */
    review(
      accountId: string,
      id: string,
      action: 'verify' | 'decline' | 'comment',
      author: string,
      comment?: string,
      ask?: boolean,
    ) {
      const note = comment ? { author, text: comment } : undefined;
      return transition(
        accountId,
        id,
        (from) => {
          const pending = from === 'PENDING_VERIFICATION';
          if (action === 'verify') {
            // Verified by the automated check already: the operator's verify confirms it.
            if (from === 'VERIFIED' || from === 'VERIFIED_COMMENT')
              return comment ? 'VERIFIED_COMMENT' : from;
            return pending ? (comment ? 'VERIFIED_COMMENT' : 'VERIFIED') : 'MANUALLY_VERIFIED';
          }
          if (action === 'decline') return pending ? 'DECLINED' : 'MANUALLY_DECLINED';
          if (!comment)
            throw new DomainError('VALIDATION', {}, { fields: { comment: fieldError('REQUIRED') } });
          if (ask) return 'PENDING_COMMENT';
          return from === 'VERIFIED' ? 'VERIFIED_COMMENT' : from;
        },
        note,
      );
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
