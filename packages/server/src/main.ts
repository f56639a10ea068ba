import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoData } from './seed.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
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
  const { app, deps } = await buildApp(config);
  const loginsFile = config.seedDemo ? await seedDemoData(deps) : undefined;
  if (config.jobs) await deps.jobs.start();
  await app.listen({ port: config.port, host: config.host });

  const db = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`;
  console.log(`\n  Portal running at http://localhost:${config.port}/`);
  console.log(`  API docs:        http://localhost:${config.port}/api/docs`);
  if (config.env !== 'production') console.log(`  Dev mailbox:     http://localhost:${config.port}/dev/mail`);
  console.log(`  Database:        ${db}`);
  if (loginsFile) console.log(`  Demo logins:     ${loginsFile}`);
  console.log('');

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
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
