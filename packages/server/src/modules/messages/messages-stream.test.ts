import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { writeMessage } from './messages.fixtures.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function readUntil(res: Response, done: (text: string) => boolean): Promise<string> {
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

describe('unread counts over the notification stream', () => {
  it('a staff answer tells the company stream to refetch messages, not another company', async () => {
    const company = await makeCompany(t);
    const user = await makeUser(t, { merchantId: company.id });
    const other = await makeUser(t, { merchantId: (await makeCompany(t)).id });
    const staff = await makeUser(t, { group: 'admin' });
    const m = await writeMessage(t, user.token);
    const mine = await fetch(`${base}/api/notifications/stream?access_token=${user.token}`);
    const theirs = await fetch(`${base}/api/notifications/stream?access_token=${other.token}`);
    const reading = readUntil(mine, (s) => s.includes('event: messages'));
    const theirReading = readUntil(
      theirs,
      (s) => s.includes('event: messages') || s.includes('event: notices'),
    );
    const res = await t.call({
      method: 'POST',
      url: `/api/operator/cases/${m.root_uuid}/answer`,
      token: staff.token,
      payload: { text: 'Answer' },
    });
    expect(res.statusCode).toBe(200);
    expect(await reading).toContain('event: messages');
    // A notice for everyone reaches the other company; the answer did not.
    await t.call({
      method: 'POST',
      url: '/api/operator/notices',
      token: staff.token,
      payload: {
        title: 'All',
        text: 'x',
        audience: 'all',
        starts_on: t.clock.now().toISOString().slice(0, 10),
        ends_on: t.clock.now().toISOString().slice(0, 10),
      },
    });
    const text = await theirReading;
    expect(text).toContain('event: notices');
    expect(text).not.toContain('event: messages');
  });
});
