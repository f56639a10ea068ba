import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body. */
  body: string;
}

export type HttpReceiver = Awaited<ReturnType<typeof startHttpReceiver>>;

/**
 * A real HTTP server on 127.0.0.1 standing in for a client's endpoint (postbacks, chat webhooks):
 * it keeps every request and answers each as `respond` says for its path.
 */
export async function startHttpReceiver(respond: (path: string, res: ServerResponse) => void) {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body });
      respond(path, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    /** e.g. `http://127.0.0.1:41234` */
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
