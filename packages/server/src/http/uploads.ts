import type { MultipartFile } from '@fastify/multipart';
import type { ErrorCode } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { DomainError } from './errors.ts';

/** A file as a multipart upload brought it; `truncated` when it ran past the size limit. */
export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

/**
 * The bytes of one file part, or null when it ran past the size limit: with `throwFileSizeLimit`
 * the limit stops reading one byte past the maximum instead of buffering the rest.
 */
export async function filePartBytes(part: MultipartFile): Promise<Buffer | null> {
  return part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw err;
  });
}

/**
 * The first `file` part of a multipart request; text fields before it go to `onField`.
 * `errors.notMultipart` answers a request that is not form data, `errors.noFile` one without a file.
 */
export async function readSingleFile(
  req: FastifyRequest,
  errors: { notMultipart: ErrorCode; noFile: ErrorCode },
  onField?: (name: string, value: string) => void,
): Promise<UploadedFile> {
  if (!req.isMultipart()) throw new DomainError(errors.notMultipart);
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      if (onField && typeof part.value === 'string') onField(part.fieldname, part.value);
      continue;
    }
    const bytes = await filePartBytes(part);
    return {
      fileName: part.filename,
      bytes: bytes ?? Buffer.alloc(0),
      truncated: bytes === null || part.file.truncated,
    };
  }
  throw new DomainError(errors.noFile);
}
