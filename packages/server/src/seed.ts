import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { appMeta } from './db/schema/index.ts';
import type { AppDeps } from './deps.ts';
import { appModules } from './modules/index.ts';
import type { DemoLogin, DemoSeedContext } from './modules/module.ts';

const SEEDED_KEY = 'demo_seeded_at';

/** Seeds demo data once into an empty database; returns the demo-logins file path. */
export async function seedDemoData(deps: AppDeps): Promise<string | undefined> {
  const file = join(deps.config.dataDir, 'demo-logins.md');
  const [done] = await deps.db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  if (done) return file;
  const ctx: DemoSeedContext = { ids: {}, logins: [] };
  for (const mod of appModules) await mod.seed?.(deps, ctx);
  await deps.db.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
  writeFileSync(file, demoLoginsMarkdown(ctx.logins), { mode: 0o600 });
  return file;
}

function demoLoginsMarkdown(logins: DemoLogin[]): string {
  const rows = logins.map((l) => `| ${l.login} | ${l.password} | ${l.totpSecret} | ${l.role} |`);
  return [
    '# Demo logins (demo data only)',
    '',
    'TOTP codes: any authenticator app, or `oathtool --totp -b SECRET`.',
    '',
    '| login | password | TOTP secret | role |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
