import { createHash, randomUUID } from 'node:crypto';
import {
  checkFileName,
  VA_DOCUMENT_LIMITS,
  VA_REQUEST_RIGHT,
  type VaDocumentType,
  type VaDocumentView,
  type VaRequestDetails,
} from '@portal/domain';
import { type FileStorage, storeThen } from '../../adapters/storage/storage.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { DomainError } from '../../http/errors.ts';
import type { UserPrincipal } from '../../http/principal.ts';
import { neutraliseCsv, refuseHostileUpload } from '../boarding-files/file-content.ts';
import * as repo from './va-documents.repo.ts';

/** One uploaded file as the route read it (`truncated`: it went past the size limit). */
export interface IncomingDocument {
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

/** A document the request names: where it sits in the request and its field path for messages. */
interface DocumentRef {
  fileId: string;
  type: VaDocumentType;
  role: 'main' | 'additional';
  path: string;
}

const HOUR_MS = 3_600_000;
const SWEEP_BATCH = 200;

export function documentRefs(d: VaRequestDetails): DocumentRef[] {
  const refs: DocumentRef[] = [];
  if (d.document)
    refs.push({
      fileId: d.document.file_id,
      type: d.document.type,
      role: 'main',
      path: 'iban_details.document.file_id',
    });
  for (const [i, doc] of d.additional_documents.entries())
    refs.push({
      fileId: doc.file_id,
      type: doc.type,
      role: 'additional',
      path: `iban_details.additional_documents.${i}.file_id`,
    });
  return refs;
}

export function documentView(r: repo.VaDocumentRow): VaDocumentView {
  return {
    id: r.id,
    file_name: r.fileName,
    ext: r.ext,
    size: r.sizeBytes,
    type: r.docType ?? null,
    role: r.role ?? null,
    created: r.createdAt.toISOString(),
  };
}

/**
 * Documents of VA requests: checked and stored on upload (the boarding files' name rule, size limit
 * and content inspection, before a byte is written), attached by the request's transaction, served
 * only to the request's company and staff; uploads never attached are swept with their bytes.
 */
export function createVaDocuments(deps: AppDeps, storage: FileStorage) {
  const { db, clock } = deps;
  const cutoff = () => new Date(clock.now().getTime() - VA_DOCUMENT_LIMITS.unattachedHours * HOUR_MS);

  /** The refs of a request, each naming a fresh unattached upload of the company, once. */
  async function checkRefs(dbx: DbOrTx, merchantId: string, refs: DocumentRef[], lock: boolean) {
    const seen = new Set<string>();
    for (const ref of refs) {
      if (seen.has(ref.fileId))
        throw new DomainError('VALIDATION', {}, { fields: { [ref.path]: 'documentDuplicate' } });
      seen.add(ref.fileId);
    }
    if (refs.length === 0) return;
    const found = await repo.unattached(
      dbx,
      merchantId,
      refs.map((r) => r.fileId),
      cutoff(),
      lock,
    );
    const missing = refs.find((r) => !found.some((f) => f.id === r.fileId));
    if (missing)
      throw new DomainError('VA_DOCUMENT_NOT_FOUND', {}, { fields: { [missing.path]: 'invalid' } });
  }

  async function sweep(): Promise<number> {
    const keys = await repo.deleteUnattachedBefore(db, cutoff(), SWEEP_BATCH);
    for (const key of keys) await storage.remove(key).catch(() => undefined);
    return keys.length;
  }

  return {
    /** Checks one file and stores it unattached; a refused file writes nothing. */
    async upload(p: UserPrincipal, merchantId: string, input: IncomingDocument): Promise<VaDocumentView> {
      if (!p.rights.has(VA_REQUEST_RIGHT.individual) && !p.rights.has(VA_REQUEST_RIGHT.corporate))
        throw new DomainError('NO_RIGHTS_VA_CORPORATE');
      const name = checkFileName(input.fileName);
      if ('error' in name) throw new DomainError(name.error, {}, { fields: { file: input.fileName } });
      if (input.truncated || input.bytes.length > VA_DOCUMENT_LIMITS.maxFileBytes)
        throw new DomainError('FILE_TOO_LARGE', { maxMb: VA_DOCUMENT_LIMITS.maxFileMb });
      await refuseHostileUpload(
        name.ext,
        input.bytes,
        () => new DomainError('FILE_CONTENT_INVALID', { ext: name.ext.toUpperCase() }),
      );
      await sweep();
      if ((await repo.countUnattached(db, merchantId)) >= VA_DOCUMENT_LIMITS.maxUnattached)
        throw new DomainError('FILE_COUNT_EXCEEDED', { max: VA_DOCUMENT_LIMITS.maxUnattached });
      return storeThen(storage, 'va-request-documents', input.bytes, async (storageKey) => {
        const row = await repo.insertDocument(db, {
          id: randomUUID(),
          merchantId,
          fileName: input.fileName.trim(),
          ext: name.ext,
          sizeBytes: input.bytes.length,
          sha256: createHash('sha256').update(input.bytes).digest('hex'),
          storageKey,
          uploadedBy: p.userId,
          createdAt: clock.now(),
        });
        return documentView(row);
      });
    },

    /** Before the confirmation is asked: every named document is there to attach. */
    check: (dbx: DbOrTx, merchantId: string, details: VaRequestDetails) =>
      checkRefs(dbx, merchantId, documentRefs(details), false),

    /** In the request's transaction: the named uploads become the request's documents. */
    async attach(tx: Tx, merchantId: string, requestUuid: string, details: VaRequestDetails) {
      const refs = documentRefs(details);
      await checkRefs(tx, merchantId, refs, true);
      const at = clock.now();
      for (const ref of refs)
        await repo.attach(tx, ref.fileId, { requestUuid, docType: ref.type, role: ref.role, attachedAt: at });
    },

    list: async (dbx: DbOrTx, requestUuid: string) =>
      (await repo.documentsOf(dbx, requestUuid)).map(documentView),

    /** The bytes of a request's document: the request's company (merchantId) or staff (null). */
    async content(merchantId: string | null, requestUuid: string, id: string) {
      const row = await repo.findAttached(db, requestUuid, id, merchantId);
      if (!row) throw new DomainError('NOT_FOUND');
      const bytes = await storage.get(row.storageKey);
      if (!bytes) throw new DomainError('NOT_FOUND');
      return { row, bytes: row.ext === 'csv' ? neutraliseCsv(bytes) : bytes };
    },

    /** Removes uploads nobody attached within the window (rows, then bytes). */
    sweep,
  };
}

export type VaDocuments = ReturnType<typeof createVaDocuments>;
