/**
 * `npm run audit:verify` (issue 17): walks the hash-chained audit log of the configured database
 * (DATABASE_URL, else the PGlite folder in DATA_DIR) and prints its length and the first broken
 * link. Exit code 0 when the chain is whole, 2 when a link is broken.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { auditChainReport } from '../modules/audit/audit.service.ts';

export function formatAuditReport(r: Awaited<ReturnType<typeof auditChainReport>>): string {
  return r.firstBroken
    ? `audit log: ${r.length} entries; first broken link at id ${r.firstBroken.id} (${r.firstBroken.reason === 'hash' ? 'row altered' : 'chain link altered'})`
    : `audit log: ${r.length} entries; chain intact`;
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await migrate(database); // an empty or older database is brought to the current schema first
    const report = await auditChainReport(database.db);
    console.log(formatAuditReport(report));
    process.exitCode = report.firstBroken ? 2 : 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('audit-verify.ts')) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
