import { buildPath, type RouteDef } from '@portal/domain';
import {
  API_BASE,
  ApiError,
  NetworkError,
  timezoneOffsetMinutes,
  toApiError,
} from '../../../shared/api/index.ts';
import { getToken } from '../../../shared/session/index.ts';

export interface DownloadProgress {
  received: number;
  /** From Content-Length; null when the server streams without announcing a size. */
  total: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
  requestId: string | undefined;
}

function fileNameOf(disposition: string | null, fallback: string): string {
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
 * Calls a raw (file) route of the table and reads the body as a stream so the caller can show bytes
 * received. Failures become `ApiError` (with the request id the server sent, spec §8) or `NetworkError`.
 */
export async function fetchFile(
  route: RouteDef,
  options: {
    params?: Record<string, string | number | undefined>;
    body?: unknown;
    fallbackName: string;
    signal?: AbortSignal;
    onProgress?: (progress: DownloadProgress) => void;
  },
): Promise<DownloadedFile> {
  const headers: Record<string, string> = {
    Accept: '*/*',
    Timezone: String(timezoneOffsetMinutes()),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined && route.method !== 'GET';
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${buildPath(route.path, options.params ?? {})}`, {
      method: route.method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new NetworkError(cause);
  }
  const headerRequestId = response.headers.get('x-request-id') ?? undefined;

  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    const error = toApiError(response.status, body);
    if (error.requestId === undefined && headerRequestId !== undefined) {
      throw new ApiError({
        status: error.status,
        code: error.code,
        messages: error.messages,
        fields: error.fields,
        params: error.params,
        requestId: headerRequestId,
      });
    }
    throw error;
  }

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
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return {
    blob: new Blob(chunks, { type }),
    fileName: fileNameOf(response.headers.get('content-disposition'), options.fallbackName),
    requestId: headerRequestId,
  };
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile(file: DownloadedFile): void {
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
