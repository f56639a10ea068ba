import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DomainError } from '../http/errors.ts';
import { runIdempotent } from '../http/idempotency.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Side effects that reach the database outside the request's transaction (mail outbox, job queue,
 * NOTIFY) leave only after an idempotent call commits: inside it they would wait for the one PGlite
 * connection the transaction holds (the server hung on approvals), and a refused call must not
 * announce work that never happened.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailsTo = async (to: string) => (await t.deps.mail.outbox(to)).length;

it('mail and jobs sent inside an idempotent call leave after commit, without waiting on its transaction', async () => {
  const to = `after-commit-${randomUUID().slice(0, 8)}@example.com`;
  let queuedDuringWork = -1;
  const answer = await runIdempotent(t.deps.db, 'test', `fx-${randomUUID()}`, 'h', async () => {
    await t.deps.mail.send({ to, subject: 'Done', text: 'Your payment was approved.', kind: 'test' });
    await t.deps.jobs.send('after-commit-test', { n: 1 });
    // Still queued in the call, not sent (the outbox itself cannot be read from inside: it is on the pool).
    queuedDuringWork = await t.deps.jobs.pending();
    return { statusCode: 200, body: { success: true } };
  });
  expect(answer.statusCode).toBe(200);
  expect(await mailsTo(to)).toBe(1);
  expect(await t.deps.jobs.pending()).toBe(queuedDuringWork + 1);
});

it('a refused idempotent call sends nothing', async () => {
  const to = `refused-${randomUUID().slice(0, 8)}@example.com`;
  const before = await t.deps.jobs.pending();
  await expect(
    runIdempotent(t.deps.db, 'test', `fx-${randomUUID()}`, 'h', async () => {
      await t.deps.mail.send({ to, subject: 'Done', text: 'x', kind: 'test' });
      await t.deps.jobs.send('after-commit-test', { n: 2 });
      throw new DomainError('INSUFFICIENT_FUNDS');
    }),
  ).rejects.toThrow();
  expect(await mailsTo(to)).toBe(0);
  expect(await t.deps.jobs.pending()).toBe(before);
});

it('outside an idempotent call mail leaves at once', async () => {
  const to = `direct-${randomUUID().slice(0, 8)}@example.com`;
  await t.deps.mail.send({ to, subject: 'Hello', text: 'x', kind: 'test' });
  expect(await mailsTo(to)).toBe(1);
});

it('a mail the work schedules for later (setImmediate) still leaves when the call has already ended', async () => {
  const to = `late-${randomUUID().slice(0, 8)}@example.com`;
  let sent: Promise<void> | undefined;
  await runIdempotent(t.deps.db, 'test', `fx-${randomUUID()}`, 'h', async () => {
    setImmediate(() => {
      sent = t.deps.mail.send({ to, subject: 'Invitation', text: 'x', kind: 'test' });
    });
    return { statusCode: 200, body: { success: true } };
  });
  await new Promise((resolve) => setImmediate(resolve));
  await sent;
  expect(await mailsTo(to)).toBe(1);
});
