import { buildPath, type RouteDef } from '@portal/domain';
import { API_BASE, NetworkError, timezoneOffsetMinutes, toApiError } from '../../shared/api/index.ts';
import { getToken } from '../../shared/session/index.ts';

/** Raw calls the JSON client does not cover: PDF downloads and multipart uploads. */

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Timezone: String(timezoneOffsetMinutes()) };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, init);
  } catch (cause) {
    throw new NetworkError(cause);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw toApiError(response.status, body);
  }
  return response;
}

const fileNameOf = (response: Response, fallback: string): string => {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(header)?.[1];
  return star ? decodeURIComponent(star) : (plain ?? fallback);
};

/** Downloads a raw route (attachment) with the session's token and saves it under the server's name. */
export async function downloadRoute(
  route: RouteDef,
  params: Record<string, string> = {},
  fallbackName = 'document.pdf',
): Promise<void> {
  const response = await send(buildPath(route.path, params), {
    method: route.method,
    headers: authHeaders(),
  });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Opens a raw route (PDF) in a new tab for viewing. */
export async function viewRoute(route: RouteDef, params: Record<string, string> = {}): Promise<void> {
  const opened = window.open('', '_blank');
  const response = await send(buildPath(route.path, params), {
    method: route.method,
    headers: authHeaders(),
  });
  const url = URL.createObjectURL(await response.blob());
  if (opened) opened.location.href = url;
  else window.location.assign(url);
}

/** Multipart upload: the server reads `file_type` before the file, so it is appended first. */
export async function uploadBoardingFile<T>(path: string, fileType: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file_type', fileType);
  form.append('file', file, file.name);
  const response = await send(path, { method: 'POST', headers: authHeaders(), body: form });
  return (await response.json()) as T;
}
