// Requests per second and latency of cheap API calls under load from a second process.
import { autocannon, printTable, startServer } from '../support/server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startServer({ SEED_DEMO: 'false' });
try {
  const rows = [];
  for (const [name, path] of [
    ['GET /api/health (database round trip)', '/api/health'],
    ['GET /api/platform (maintenance state, cached 1 s)', '/api/platform'],
  ] as const) {
    // Warm-up so JIT and connection pools are in their steady state.
    await autocannon(`${server.baseUrl}${path}`, { connections: 10, seconds: 2 });
    const r = await autocannon(`${server.baseUrl}${path}`, { connections: 50, seconds });
    rows.push({
      call: name,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      requests: r.total,
      'errors+non2xx': r.errors + r.non2xx,
    });
  }
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  printTable(`HTTP, 50 connections, ${seconds} s each, database ${db}`, rows);
} finally {
  await server.stop();
}
