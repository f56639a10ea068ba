import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { createPgBossQueue, createQueueRetryingDeadlock } from './queue.ts';

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('queue creation at start', () => {
  it('tries again when PostgreSQL aborts it as a deadlock, and gives up on anything else', async () => {
    let calls = 0;
    await createQueueRetryingDeadlock(
      {
        createQueue: async () => {
          calls++;
          if (calls < 3) throw deadlock;
        },
      },
      'payout-settle',
    );
    expect(calls).toBe(2 + 1);

    const refused = Object.assign(new Error('permission denied'), { code: '42501' });
    let others = 0;
    await expect(
      createQueueRetryingDeadlock(
        {
          createQueue: async () => {
            others++;
            throw refused;
          },
        },
        'payout-settle',
      ),
    ).rejects.toThrow('permission denied');
    expect(others).toBe(1);
  });

  // Two server processes started together on a fresh database (the soak's and a rolling deploy's
  // case) both create every queue at once; one of them used to die with 40P01.
  it.runIf(process.env.TEST_DATABASE_URL?.startsWith('postgres'))(
    'two processes starting together on a fresh database both start',
    async () => {
      const base = process.env.TEST_DATABASE_URL ?? '';
      const name = `q_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = base.replace(/\/[^/]*$/, `/${name}`);
      const databases = await Promise.all([1, 2].map(() => openDatabase({ url, dataDir: '', poolSize: 10 })));
      try {
        const queues = databases.map((database) => {
          const queue = createPgBossQueue(database);
          for (let i = 0; i < 12; i++) queue.work(`job-${i}`, async () => {});
          return queue;
        });
        await Promise.all(queues.map((q) => q.start()));
        expect(queues.map((q) => q.running)).toEqual([true, true]);
        await Promise.all(queues.map((q) => q.stop()));
      } finally {
        await Promise.all(databases.map((d) => d.close()));
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
