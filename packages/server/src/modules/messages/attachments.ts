import { checkFileName, MESSAGE_ATTACHMENT_LIMITS } from '@portal/domain';
import { type FileStorage, storeAllThen } from '../../adapters/storage/storage.ts';
import { DomainError } from '../../http/errors.ts';
import { refuseHostileUpload } from '../boarding-files/file-content.ts';

/** One uploaded file as the route read it (`truncated`: it went past the size limit). */
export interface IncomingFile {
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

export interface CheckedFile {
  fileName: string;
  ext: 'pdf' | 'csv';
  bytes: Buffer;
}

const { maxFileBytes, maxFileMb, maxFiles } = MESSAGE_ATTACHMENT_LIMITS;

/**
 * Checks every attachment before anything is written: count, name (no path, spec §5 characters),
 * type by extension, size, and content by the same inspection as every upload area (a real PDF
 * parse, no active content, no formula cells; design §7, issue 17).
 */
export async function checkAttachments(files: IncomingFile[]): Promise<CheckedFile[]> {
  if (files.length > maxFiles) throw new DomainError('ATTACHMENT_COUNT_EXCEEDED', { max: maxFiles });
  const checked: CheckedFile[] = [];
  for (const f of files) {
    const name = checkFileName(f.fileName);
    if ('error' in name)
      throw new DomainError(
        name.error === 'FILE_EXTENSION_INVALID' ? 'ATTACHMENT_TYPE_REFUSED' : 'ATTACHMENT_NAME_INVALID',
        {},
        { fields: { files: f.fileName } },
      );
    if (f.truncated || f.bytes.length > maxFileBytes)
      throw new DomainError('ATTACHMENT_SIZE_EXCEEDED', { maxMb: maxFileMb });
    await refuseHostileUpload(
      name.ext,
      f.bytes,
      () => new DomainError('ATTACHMENT_CONTENT_INVALID', { ext: name.ext.toUpperCase() }),
    );
    checked.push({ fileName: f.fileName.trim(), ext: name.ext, bytes: f.bytes });
  }
  return checked;
}

/**
 * Stores checked files, then runs `use` (the transaction that records them); keys are made by the
 * storage adapter, never from the file name. If any step fails, every file stored here is removed.
 */
export function withStoredAttachments<T>(
  storage: FileStorage,
  files: CheckedFile[],
  use: (stored: (CheckedFile & { key: string })[]) => Promise<T>,
): Promise<T> {
  return storeAllThen(
    storage,
    'message-attachments',
    files.map((f) => f.bytes),
    (keys) => use(files.map((f, i) => ({ ...f, key: keys[i] as string }))),
  );
}
