import type { RouteDef, RouteResponse } from '@portal/domain';
import {
  apiRequest,
  type CallOptions,
  idempotencyKeyFor,
  type QueryParams,
  readJson,
  routePath,
} from './client.ts';

/**
 * File transfers over routes of the table: multipart uploads and file downloads. Both go through the
 * request core of the JSON client (`apiRequest`: session token, Timezone, Idempotency-Key, the §8 error
 * envelope as `ApiError`, `NetworkError`, failure listeners), so a failed upload or download reads and
 * shows exactly like a failed JSON call.
 */

/** Bytes of a download received so far. */
export interface TransferProgress {
  received: number;
  /** From Content-Length; null when the server streams without announcing a size. */
  total: number | null;
}

export interface UploadOptions<R extends RouteDef> {
  params?: CallOptions<R>['params'];
  /** Text fields, sent before the files (the server reads fields first); empty ones are left out. */
  fields?: Record<string, string | undefined>;
  /** Files by field name, in order: `{ file }`, or `{ files: [a, b] }` for several under one name. */
  files: Record<string, File | readonly File[]>;
  /** One key per user action; money-moving routes get a fresh one when none is given. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Multipart form data of text fields (first; empty ones left out, as if not sent) and files. */
export function multipartForm(
  fields: Record<string, string | undefined>,
  files: Record<string, File | readonly File[]>,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined && value !== '') form.append(name, value);
  for (const [name, value] of Object.entries(files))
    for (const file of value instanceof File ? [value] : value) form.append(name, file, file.name);
  return form;
}

/** Uploads files (multipart) to a route of the table and answers its typed JSON answer. */
export async function uploadForm<R extends RouteDef>(
  route: R,
  options: UploadOptions<R>,
): Promise<RouteResponse<R>> {
  const response = await apiRequest(route.method, routePath(route, options.params), {
    form: multipartForm(options.fields ?? {}, options.files),
    idempotencyKey: idempotencyKeyFor(route, options.idempotencyKey),
    signal: options.signal,
  });
  return readJson<RouteResponse<R>>(response);
}

export interface DownloadOptions<R extends RouteDef> {
  params?: CallOptions<R>['params'];
  body?: CallOptions<R>['body'];
  query?: CallOptions<R>['query'];
  /** File name when the answer names none (Content-Disposition). */
  fallbackName: string;
  /** Accept header; any type by default. */
  accept?: string;
  signal?: AbortSignal;
  /** Called with the bytes received: once before the first byte, then after every chunk. */
  onProgress?: (progress: TransferProgress) => void;
}

export interface DownloadedFile {
  blob: Blob;
  /** The server's name (Content-Disposition, `filename*` first), else the fallback. */
  fileName: string;
  /** The answer's X-Request-Id, for support. */
  requestId: string | undefined;
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''…` first, then `filename="…"`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads a raw (file) route of the table with its params, JSON body and query, reading the body as a
 * stream so a caller can show the bytes received. Failures are the JSON client's `ApiError` (with the
 * request id) or `NetworkError`.
 */
export async function downloadFile<R extends RouteDef>(
  route: R,
  options: DownloadOptions<R>,
): Promise<DownloadedFile> {
  const response = await apiRequest(route.method, routePath(route, options.params), {
    body: options.body,
    query: options.query as QueryParams | undefined,
    accept: options.accept ?? '*/*',
    signal: options.signal,
  });
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  options.onProgress?.({ received, total });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      options.onProgress?.({ received, total });
    }
  } else {
    const buffer = new Uint8Array(await response.arrayBuffer());
    chunks.push(buffer);
    received = buffer.byteLength;
    options.onProgress?.({ received, total });
  }
  return {
    blob: new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
    fileName: fileNameOf(response.headers.get('content-disposition'), options.fallbackName),
    requestId: response.headers.get('x-request-id') ?? undefined,
  };
}

/** Hands a downloaded file to the browser as a download under its name. */
export function saveFile(file: Pick<DownloadedFile, 'blob' | 'fileName'>): void {
  const href = URL.createObjectURL(file.blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = file.fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/** Downloads a route's file and saves it (`downloadFile` + `saveFile`). */
export async function downloadAndSave<R extends RouteDef>(
  route: R,
  options: DownloadOptions<R>,
): Promise<DownloadedFile> {
  const file = await downloadFile(route, options);
  saveFile(file);
  return file;
}

/**
 * Downloads a route's file (a PDF) and shows it in a new tab. The tab is opened before the call, while
 * the click still counts as the user's, so pop-up blockers let it through.
 */
export async function downloadAndView<R extends RouteDef>(
  route: R,
  options: DownloadOptions<R>,
): Promise<void> {
  const opened = window.open('', '_blank');
  let file: DownloadedFile;
  try {
    file = await downloadFile(route, options);
  } catch (error) {
    opened?.close();
    throw error;
  }
  const url = URL.createObjectURL(file.blob);
  if (opened) opened.location.href = url;
  else window.location.assign(url);
}
