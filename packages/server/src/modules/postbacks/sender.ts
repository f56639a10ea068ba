import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { POSTBACK_ACK_TIMEOUT_MS } from '@portal/domain';
import type { VettedTarget } from './url-guard.ts';

export interface SendResult {
  /** A 2xx status arrived within the acknowledgement timeout. */
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** Why it is not an acknowledgement: timeout, connect, http_status, redirect. */
  error: string | null;
  /** Location of a 3xx answer; redirects are never followed (SSRF), only reported. */
  location: string | null;
}

/**
 * One POST to a vetted target, connecting to the checked address only (a custom `lookup`, so a
 * DNS answer that changed since the check cannot redirect it), TLS still verified against the
 * host name. The acknowledgement is a 2xx status within 10 seconds (spec §8, §9).
 */
export function postJson(
  target: VettedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs = POSTBACK_ACK_TIMEOUT_MS,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const pinned: LookupFunction = (_host, options, cb) => {
    if (typeof options === 'object' && options?.all)
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else cb(null, target.address, target.family);
  };
  const lib = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed() });
    };
    const req = lib.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'ClearlinePortal-Postbacks/1',
          ...headers,
        },
      },
      (res) => {
        const code = res.statusCode ?? 0;
        res.resume();
        res.on('error', () => {});
        if (code >= 200 && code < 300) finish({ ok: true, statusCode: code, error: null, location: null });
        else if (code >= 300 && code < 400)
          finish({ ok: false, statusCode: code, error: 'redirect', location: res.headers.location ?? null });
        else finish({ ok: false, statusCode: code, error: 'http_status', location: null });
        req.destroy();
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, error: 'timeout', location: null });
      req.destroy();
    }, timeoutMs);
    req.on('error', () => finish({ ok: false, statusCode: null, error: 'connect', location: null }));
    req.end(body);
  });
}
