import type { Database } from '../../db/client.ts';

/** One round trip to the database on a pooled connection (the health check). */
export async function ping(database: Pick<Database, 'query'>): Promise<void> {
  await database.query('SELECT 1');
}
