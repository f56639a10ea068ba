// The pay-out flow's plumbing without the product: the same two HTTP calls on Fastify, the same
// driver (node-postgres with the app's prepared-statement client, a pool of 10) and a given number of
// trivial statements per call, and nothing else (no session, rights, validation, TOTP, ORM, ledger).
// bench/payments prints its rate beside the real server's: the most this machine's Node and
// PostgreSQL could do with that many round trips per call. Run as its own process by
// `startPlumbingServer` (bench/support/server.ts); PORT, DATABASE_URL and STATEMENTS ("challenge,create").
import Fastify from 'fastify';
import pg from 'pg';
import { PreparingClient } from '../../packages/server/src/db/prepared-client.ts';

const [challengeStatements = 1, createStatements = 1] = (process.env.STATEMENTS ?? '1,1')
  .split(',')
  .map(Number);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, Client: PreparingClient });
await pool.query('CREATE TABLE IF NOT EXISTS bench_plumbing (id bigserial PRIMARY KEY, step int NOT NULL)');

/**
 * `count` statements on one pooled connection, a third of them inserts. More than two run in a
 * transaction whose BEGIN and COMMIT count among them, as the app's create call does.
 */
async function statements(count: number): Promise<void> {
  const client = await pool.connect();
  try {
    const inTransaction = count > 2;
    if (inTransaction) await client.query('BEGIN');
    for (let i = 0; i < count - (inTransaction ? 2 : 0); i++)
      await client.query(
        i % 3 === 0
          ? { text: 'INSERT INTO bench_plumbing (step) VALUES ($1) RETURNING id', values: [i] }
          : { text: 'SELECT $1::int AS step, now() AS at', values: [i] },
      );
    if (inTransaction) await client.query('COMMIT');
  } finally {
    client.release();
  }
}

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.post('/api/payments/pay_out_challenge/:wallet/:method', async () => {
  await statements(challengeStatements);
  return { confirmation: { challenge_id: 'plumbing' } };
});
app.post('/api/payments/create_pay_out/:wallet/:method', async () => {
  await statements(createStatements);
  return { payment: { status: 'pending' } };
});
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
