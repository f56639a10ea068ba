import { createTestApp, type TestApp } from './test-app.ts';

/** A test app that also listens on a loopback port: `inject` cannot read a stream as it arrives. */
export interface ListeningTestApp extends TestApp {
  /** URL of the listening app's notification stream (GET /api/notifications/stream). */
  streamUrl: string;
}

export async function createListeningTestApp(): Promise<ListeningTestApp> {
  const t = await createTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return Object.assign(t, { streamUrl: `${base}/api/notifications/stream` });
}

/** Reads the stream until `done` holds for what arrived (bounded by the test timeout, no sleeps). */
export async function readUntil(res: Response, done: (text: string) => boolean): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let text = '';
  while (!done(text)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    text += decoder.decode(value);
  }
  await reader.cancel();
  return text;
}
