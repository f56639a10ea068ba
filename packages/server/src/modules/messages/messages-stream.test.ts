import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser } from '../../test/fixtures.ts';
import { createListeningTestApp, type ListeningTestApp, readUntil } from '../../test/event-stream.ts';
import { writeMessage } from './messages.fixtures.ts';

let t: ListeningTestApp;
beforeAll(async () => {
  t = await createListeningTestApp();
});
afterAll(() => t.close());

describe('unread counts over the notification stream', () => {
  it('a staff answer tells the company stream to refetch messages, not another company', async () => {
    const company = await makeCompany(t);
    const user = await makeUser(t, { merchantId: company.id });
    const other = await makeUser(t, { merchantId: (await makeCompany(t)).id });
    const staff = await makeUser(t, { group: 'admin' });
    const m = await writeMessage(t, user.token);
    const mine = await fetch(`${t.streamUrl}?access_token=${user.token}`);
    const theirs = await fetch(`${t.streamUrl}?access_token=${other.token}`);
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
