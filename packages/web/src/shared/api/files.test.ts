import { apiRoutes } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../session/logout.ts';
import { refreshToken } from '../session/refresh.ts';
import { clearSession, getToken, setSessionToken } from '../session/session-store.ts';
import { TOKEN_KEY } from '../session/token.ts';
import { ApiError, NetworkError } from './api-error.ts';
import { onApiFailure, timezoneOffsetMinutes } from './client.ts';
import { downloadFile, uploadForm } from './files.ts';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object) =>
  `${part({ alg: 'HS256' })}.${part({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 600, ...claims })}.sig`;

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answer: () => Response;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A body that arrives in the given chunks, so progress can be seen per chunk. */
function streamed(chunks: string[], headers: Record<string, string>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers });
}

const headersOf = (call: Call | undefined) => new Headers(call?.init.headers);

const session = jwt({ pur: 'session' });

beforeEach(() => {
  calls = [];
  answer = () => json(200, { success: true });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    }),
  );
  setSessionToken(session);
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('uploadForm', () => {
  it('posts multipart form data (fields first, empty ones left out) with auth, Timezone and the key', async () => {
    answer = () => json(200, { success: true, message: { id: 'm-1' } });
    const a = new File(['%PDF-1.4 a'], 'a.pdf', { type: 'application/pdf' });
    const b = new File(['%PDF-1.4 b'], 'b.pdf', { type: 'application/pdf' });

    const result = await uploadForm(apiRoutes.opCaseAnswer, {
      params: { id: '7b1f9d2e-4a5c-4c3b-9d1e-2f3a4b5c6d7e' },
      fields: { text: 'Hello', crm_status: '', subject: undefined },
      files: { files: [a, b] },
      idempotencyKey: 'key-1',
    });

    expect(result).toEqual({ success: true, message: { id: 'm-1' } });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('/api/operator/cases/7b1f9d2e-4a5c-4c3b-9d1e-2f3a4b5c6d7e/answer');
    expect(call?.init.method).toBe('POST');
    const headers = headersOf(call);
    expect(headers.get('Authorization')).toBe(`Bearer ${session}`);
    expect(headers.get('Timezone')).toBe(String(timezoneOffsetMinutes()));
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    // The browser writes the multipart boundary itself: no Content-Type of ours.
    expect(headers.get('Content-Type')).toBeNull();
    const form = call?.init.body;
    expect(form).toBeInstanceOf(FormData);
    const entries = [...(form as FormData).entries()];
    expect(entries.map(([name]) => name)).toEqual(['text', 'files', 'files']);
    expect(entries[0]?.[1]).toBe('Hello');
    expect((entries[1]?.[1] as File).name).toBe('a.pdf');
    expect((entries[2]?.[1] as File).name).toBe('b.pdf');
  });

  it('turns a 417 error envelope into the ApiError the JSON client throws, and tells failure listeners', async () => {
    answer = () =>
      json(417, {
        success: false,
        code: 'BULK_FILE_TYPE',
        messages: ['Send a CSV or a pain.001 file.'],
        fields: { file: 'Unknown type.' },
        requestId: 'req-417',
      });
    const seen: ApiError[] = [];
    const stop = onApiFailure((error) => seen.push(error));
    try {
      const failure = await uploadForm(apiRoutes.bulkUpload, {
        files: { file: new File(['x'], 'payouts.txt') },
      }).catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(ApiError);
      const error = failure as ApiError;
      expect(error.status).toBe(417);
      expect(error.code).toBe('BULK_FILE_TYPE');
      expect(error.messages).toEqual(['Send a CSV or a pain.001 file.']);
      expect(error.message).toBe('Send a CSV or a pain.001 file.');
      expect(error.fields).toEqual({ file: 'Unknown type.' });
      expect(error.requestId).toBe('req-417');
      expect(seen).toEqual([error]);
    } finally {
      stop();
    }
  });

  it('reports no answer as a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(
      uploadForm(apiRoutes.vaDocumentUpload, { files: { file: new File(['x'], 'a.pdf') } }),
    ).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('downloadFile', () => {
  it('sends params, JSON body and auth, streams the file with progress and names it from Content-Disposition', async () => {
    answer = () =>
      streamed(['row,amount\n', '1,10.00\n', '2,20.00\n'], {
        'content-type': 'text/csv; charset=utf-8',
        'content-length': '27',
        'content-disposition': `attachment; filename="statement.csv"; filename*=UTF-8''St%C3%A1tement%20May.csv`,
        'x-request-id': 'req-200',
      });
    const progress: Array<{ received: number; total: number | null }> = [];

    const file = await downloadFile(apiRoutes.exportPayments, {
      params: { workMode: 'all' },
      body: { sort_order: 'desc' },
      accept: 'text/csv',
      fallbackName: 'payments.csv',
      onProgress: (p) => progress.push(p),
    });

    const [call] = calls;
    expect(call?.url).toBe('/api/payments/export/all');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBe(JSON.stringify({ sort_order: 'desc' }));
    const headers = headersOf(call);
    expect(headers.get('Authorization')).toBe(`Bearer ${session}`);
    expect(headers.get('Timezone')).toBe(String(timezoneOffsetMinutes()));
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('text/csv');

    expect(file.fileName).toBe('Státement May.csv');
    expect(file.requestId).toBe('req-200');
    expect(await file.blob.text()).toBe('row,amount\n1,10.00\n2,20.00\n');
    expect(progress[0]).toEqual({ received: 0, total: 27 });
    expect(progress.at(-1)).toEqual({ received: 27, total: 27 });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.every((p) => p.total === 27)).toBe(true);
    const received = progress.map((p) => p.received);
    expect([...received].sort((x, y) => x - y)).toEqual(received);
  });

  it('uses the plain file name, then the fallback, and sends no body on GET', async () => {
    answer = () =>
      streamed(['a,b\n'], { 'content-disposition': 'attachment; filename="payout-batch-1-report.csv"' });
    const named = await downloadFile(apiRoutes.bulkReport, { params: { id: 'b-1' }, fallbackName: 'x.csv' });
    expect(named.fileName).toBe('payout-batch-1-report.csv');
    expect(calls[0]?.url).toBe('/api/payout_terminal/batches/b-1/report');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(headersOf(calls[0]).get('Accept')).toBe('*/*');

    answer = () => streamed(['%PDF'], {});
    const unnamed = await downloadFile(apiRoutes.ndaPdf, { fallbackName: 'NDA.pdf' });
    expect(unnamed.fileName).toBe('NDA.pdf');
  });

  it('turns a 409 error envelope into ApiError with the server message, request id from the header', async () => {
    answer = () =>
      json(
        409,
        { success: false, code: 'STATEMENT_TOO_LARGE', messages: ['The period holds too many entries.'] },
        { 'x-request-id': 'req-409' },
      );
    const progress = vi.fn();
    const failure = await downloadFile(apiRoutes.messageAttachmentGet, {
      params: { a: '7b1f9d2e-4a5c-4c3b-9d1e-2f3a4b5c6d7e' },
      body: { file_link: '0c1d2e3f-4a5b-4c6d-8e9f-a0b1c2d3e4f5' },
      fallbackName: 'a.pdf',
      onProgress: progress,
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    const error = failure as ApiError;
    expect(error.status).toBe(409);
    expect(error.code).toBe('STATEMENT_TOO_LARGE');
    expect(error.messages).toEqual(['The period holds too many entries.']);
    expect(error.requestId).toBe('req-409');
    expect(progress).not.toHaveBeenCalled();
  });
});

describe('logout and token refresh go through the route table', () => {
  it('logs out on apiRoutes.logout with the stored token, kept alive while the page leaves', () => {
    sessionStorage.setItem(TOKEN_KEY, session);
    logout('user');
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe(`/api${apiRoutes.logout.path}`);
    expect(call?.init.method).toBe(apiRoutes.logout.method);
    expect(call?.init.keepalive).toBe(true);
    expect(call?.init.body).toBe('{}');
    expect(headersOf(call).get('Authorization')).toBe(`Bearer ${session}`);
    expect(getToken()).toBeNull();
  });

  it('refreshes on apiRoutes.refreshToken, or the boarding refresh of the link, and stores the new token', async () => {
    const next = jwt({ pur: 'session', n: 2 });
    answer = () => json(200, { success: true, token: next });
    await expect(refreshToken()).resolves.toBe(next);
    expect(calls[0]?.url).toBe(`/api${apiRoutes.refreshToken.path}`);
    expect(calls[0]?.init.method).toBe('GET');
    expect(getToken()).toBe(next);

    await refreshToken({ uuid: 'a b', role: 'bc' });
    expect(calls[1]?.url).toBe('/api/crm_accounts/lgn/a%20b/bc');
    expect(headersOf(calls[1]).get('Authorization')).toBe(`Bearer ${next}`);
  });
});
