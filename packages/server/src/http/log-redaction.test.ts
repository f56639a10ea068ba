import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>['app'];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => lines.push(String(chunk)));
  const database = await openDatabase({ url: 'memory://', dataDir: '.' });
  ({ app } = await buildApp(testConfig({ logLevel: 'info' }), {
    database,
    webDist: false,
    logStream: stream,
  }));
  await app.ready();
});
afterAll(() => app.close());

it('logs requests without tokens, query strings, idempotency keys or bodies', async () => {
  const token = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.c2lnbmF0dXJl';
  const digest = 'f'.repeat(128);
  await app.inject({
    method: 'POST',
    url: '/api/frusrs/tkn?access_token=query-secret-123',
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': 'idem-secret-456',
      cookie: 'sid=cookie-secret',
    },
    payload: { login: 'someone@example.com', password: digest },
  });
  await app.inject({ method: 'GET', url: `/api/notifications/stream?access_token=${token}` });
  const log = lines.join('');
  expect(log).toContain('/api/frusrs/tkn'); // the request itself is logged
  for (const secret of [token, 'query-secret-123', 'idem-secret-456', 'cookie-secret', digest]) {
    expect(log).not.toContain(secret);
  }
});

it('logs a failed query without its parameters or the database message that quotes them', async () => {
  const iban = 'GB29NWBK60161331926819';
  const comment = 'Invoice 4711 for Jane Payee';
  const database = await openDatabase({ url: 'memory://', dataDir: '.' });
  let caught: unknown;
  try {
    // A failing statement with payment details as parameters, as a failed payment insert would be.
    await database.db.execute(sql`select ${iban}::int, ${comment}::int`);
  } catch (err) {
    caught = err;
  } finally {
    await database.close();
  }
  expect(caught).toBeTruthy();
  app.log.error({ err: caught }, 'payment insert failed');
  const log = lines.join('');
  expect(log).toContain('payment insert failed');
  expect(log).toContain('22P02');
  expect(log).not.toContain(iban);
  expect(log).not.toContain('Jane Payee');
});
