import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { seedDemoData } from './seed.ts';

function banner(config: AppConfig, loginsFile: string | undefined): void {
  const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`;
  console.log(`\n  Portal running at http://localhost:${config.port}/`);
  console.log(`  API docs:        http://localhost:${config.port}/api/docs`);
  if (config.env !== 'production') console.log(`  Dev mailbox:     http://localhost:${config.port}/dev/mail`);
  console.log(`  Database:        ${db}`);
  if (config.processes > 1) console.log(`  Processes:       ${config.processes}`);
  if (loginsFile) console.log(`  Demo logins:     ${loginsFile}`);
  console.log('');
}

/** Serves the app in this process until SIGINT/SIGTERM. */
async function serve(config: AppConfig, seed: boolean): Promise<string | undefined> {
  const { app, deps } = await buildApp(config);
  const loginsFile = seed && config.seedDemo ? await seedDemoData(deps) : undefined;
  if (config.jobs) await deps.jobs.start();
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return loginsFile;
}

/**
 * SERVER_PROCESSES > 1 (PostgreSQL only): this process migrates and seeds once, then forks the
 * workers, which share the port (node:cluster hands out connections), and replaces a worker that
 * dies. Nothing is shared in memory between them: sessions, counters, idempotency keys, jobs and
 * pushes (LISTEN/NOTIFY) already live in the database, as the two-process tests prove.
 */
async function supervise(config: AppConfig): Promise<void> {
  const { app, deps } = await buildApp(config);
  const loginsFile = config.seedDemo ? await seedDemoData(deps) : undefined;
  await app.close();
  let closing = false;
  let listening = 0;
  const fork = () => cluster.fork({ SEED_DEMO: 'false' });
  cluster.on('listening', () => {
    if (++listening === config.processes) banner(config, loginsFile);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`[server] process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < config.processes; i++) fork();
  const shutdown = () => {
    if (closing) return;
    closing = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  mkdirSync(config.dataDir, { recursive: true });
  if (config.processes > 1 && cluster.isPrimary) return supervise(config);
  const loginsFile = await serve(config, cluster.isPrimary);
  if (cluster.isPrimary) banner(config, loginsFile);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
