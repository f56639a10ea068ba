import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';
import { TABLE_OWNERS } from './table-owners.ts';

/**
 * Module layout (design §3; docs/decisions.md, "Code health: module boundaries"):
 *
 * 1. SQL lives only in `*.repo.ts`. Any other file under `src/modules/` (tests, test helpers,
 *    fixtures and demo seeds aside) neither imports `drizzle-orm` at run time (`sql`, `eq`, `and`,
 *    … — type-only imports such as `import type { SQL }` are fine) nor touches a query member of a
 *    database handle: a member Drizzle declares (`db.select`, `tx.insert`, `tx.execute`,
 *    `db.query.users`, `db.transaction`, `sql.join`, …) or the raw-SQL members of `Database`
 *    (`database.query`, `exec`, `pinned`). Members are resolved with the type checker, so
 *    `hash.update(…)` or `map.delete(…)` never count and an aliased handle still does.
 * 2. `*.module.ts` registers no routes (`registerRoute`, `app.get/post/…/route`): routes live in
 *    `*.routes.ts`, which the module file calls.
 * 3. Each table is written by one module (issue 33): a `*.repo.ts` under `src/modules/<module>/`
 *    writes only tables `table-owners.ts` gives to `<module>`; other modules call its service. A
 *    write is a Drizzle `insert` / `update` / `delete` member (resolved with the type checker) whose
 *    argument is a table exported by `db/schema/`, or raw SQL text — any string or template literal
 *    of the repo — with `INSERT INTO t`, `UPDATE t` or `DELETE FROM t`, `t` being a table's SQL name.
 *    Keywords count in capitals only (the code's SQL style), so an English "update users" does not.
 */

const MODULES = dirname(fileURLToPath(import.meta.url));
const SERVER = join(MODULES, '..', '..');
/** A path relative to src/modules, with forward slashes. */
const rel = (f: string) => relative(MODULES, f).split(sep).join('/');

/** Files allowed to query: repos, and data set-up that is not product code. */
const MAY_QUERY = /(\.repo|\.test|\.test-helpers|\.fixtures|[.-]seed)\.ts$/;

/**
 * Files that still query outside a repo, each with its reason. An entry that no longer queries
 * (or no longer exists) fails the test below: remove it.
 */
const KNOWN: Record<string, string> = {
  'ledger/ledger.read.ts': 'ledger SQL is being reworked in its own change (issue 16 follow-up)',
  'ledger/sql.ts': 'ledger SQL helpers, same change as ledger.read.ts',
};

/** `Database` members that run SQL text (src/db/client.ts); `listen`, `driver` and `close` do not. */
const RAW_SQL_MEMBERS = new Set(['query', 'exec', 'pinned']);
/** Fastify instance members that add a route. */
const ROUTE_MEMBERS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all', 'route']);

const CLIENT_FILE = join(SERVER, 'src', 'db', 'client.ts');
const REGISTER_FILE = join(SERVER, 'src', 'http', 'register.ts');
const inPackage = (name: string) => (file: string) => file.includes(`/node_modules/${name}/`);
const isDrizzle = inPackage('drizzle-orm');
const isFastify = inPackage('fastify');
const same = (a: string, b: string) => a.split(sep).join('/') === b.split(sep).join('/');

/** Self-check: a file of every kind of violation, plus look-alikes that must not count. */
const PROBE = join(MODULES, 'layout-probe', 'probe.module.ts');
const PROBE_TEXT = `
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http/register.ts';
import type { AppModule } from '../module.ts';
export async function probe(deps: AppDeps, where: SQL) {
  const handle = deps.db;
  await handle.select().from(users).where(eq(users.id, 'x'));
  await deps.db.execute(sql\`SELECT 1\`);
  await deps.db.query.users.findFirst();
  await deps.database.query('SELECT 1');
  createHash('sha256').update('x');
  new Map<string, SQL>([['w', where]]).delete('w');
  return deps.database.driver;
}
export const probeModule: AppModule = {
  name: 'probe',
  register(app, deps) {
    app.get('/probe', async () => ({}));
    registerRoute(app, deps, {} as never, async () => ({}) as never);
    app.addHook('onClose', async () => {});
  },
};
`;

/** Self-check of table ownership: a repo of a module that owns no table, writing others' tables. */
const PROBE_REPO = join(MODULES, 'layout-probe', 'probe.repo.ts');
const PROBE_REPO_TEXT = `
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments as pay, wallets } from '../../db/schema/index.ts';
export async function probeWrites(tx: DbOrTx, id: number) {
  await tx.select().from(wallets).where(eq(wallets.id, id));
  await tx.update(wallets).set({ name: 'x' }).where(eq(wallets.id, id));
  await tx.insert(pay).values([]);
  await tx.delete(wallets);
  await tx.execute(sql\`UPDATE payments SET status = 'x' WHERE id = \${id}\`);
  await tx.execute(sql\`SELECT id FROM payments WHERE id = \${id} FOR UPDATE\`);
  await tx.execute(sql\`INSERT INTO probe_log (id) VALUES (\${id}) ON CONFLICT (id) DO UPDATE SET id = 1\`);
  createHash('sha256').update('x');
  new Map<number, string>().delete(id);
  return 'could not update payments';
}
`;
const PROBES: Record<string, string> = { [PROBE]: PROBE_TEXT, [PROBE_REPO]: PROBE_REPO_TEXT };
const probeText = (f: string) => Object.entries(PROBES).find(([p]) => same(f, p))?.[1];

const SCHEMA_DIR = join(SERVER, 'src', 'db', 'schema');
/** Schema export name → SQL name, for every table of `db/schema/`. */
const TABLES = new Map(
  Object.entries(schema).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)]] : [],
  ),
);
const BY_SQL_NAME = new Map<string, string>([...TABLES].map(([name, sqlName]) => [sqlName, name]));
const WRITE_MEMBERS = new Set(['insert', 'update', 'delete']);
const RAW_WRITE = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:ONLY\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/g;
/** The module a file under src/modules belongs to: its first folder. */
const moduleOf = (f: string) => rel(f).split('/')[0];

/**
 * Repos that write tables of another module, `file: table` → reason. An entry that no longer
 * holds fails the test below: remove it.
 */
const KNOWN_WRITES: Record<string, string> = {
  'auth/login.repo.ts: users':
    'TOTP step and login columns of users; users depends on auth (sessions, account), so auth cannot call it back — needs the composition root or an auth-owned credentials table',
  'confirmations/confirmations.repo.ts: users':
    "mfa_last_step is consumed in ONE statement with the challenge (replay protection); confirmations comes before users, which depends on auth's sessions",
  'company-info/company-info.repo.ts: boardingAccounts':
    'seedLiveBoardingRecord (demo seed, not product code) writes a whole live record across boarding, boarding-docs and boarding-files; to move into their seeds',
  'company-info/company-info.repo.ts: boardingPersons': 'seedLiveBoardingRecord, as above',
  'company-info/company-info.repo.ts: boardingContacts': 'seedLiveBoardingRecord, as above',
  'company-info/company-info.repo.ts: boardingOffers': 'seedLiveBoardingRecord, as above',
  'company-info/company-info.repo.ts: boardingInvoices': 'seedLiveBoardingRecord, as above',
  'company-info/company-info.repo.ts: boardingContracts': 'seedLiveBoardingRecord, as above',
  'company-info/company-info.repo.ts: boardingFiles': 'seedLiveBoardingRecord, as above',
};

let program: ts.Program;
let checker: ts.TypeChecker;
let files: string[];
let repos: string[];

beforeAll(() => {
  const config = ts.getParsedCommandLineOfConfigFile(join(SERVER, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!config) throw new Error('packages/server/tsconfig.json not readable');
  files = config.fileNames.filter((f) => !rel(f).startsWith('..') && !MAY_QUERY.test(basename(f)));
  repos = config.fileNames.filter((f) => !rel(f).startsWith('..') && f.endsWith('.repo.ts'));
  const host = ts.createCompilerHost(config.options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (f) => probeText(f) !== undefined || fileExists.call(host, f);
  host.readFile = (f) => probeText(f) ?? readFile.call(host, f);
  host.getSourceFile = (f, lang, ...rest) => {
    const text = probeText(f);
    return text !== undefined
      ? ts.createSourceFile(f, text, lang, true)
      : getSourceFile.call(host, f, lang, ...rest);
  };
  program = ts.createProgram({
    rootNames: [...files, ...repos, ...Object.keys(PROBES)],
    options: config.options,
    host,
  });
  checker = program.getTypeChecker();
}, 180_000);

function sourceOf(file: string): ts.SourceFile {
  const sf = program.getSourceFile(file);
  if (!sf) throw new Error(`${file} is not in the program`);
  return sf;
}

/** Import or re-export that brings a value (not only types) from `specifier`. */
function isRuntimeImport(node: ts.Node): string | undefined {
  if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
    const clause = node.importClause;
    const runtime =
      !clause ||
      (!clause.isTypeOnly &&
        (!!clause.name ||
          (clause.namedBindings !== undefined &&
            (ts.isNamespaceImport(clause.namedBindings) ||
              clause.namedBindings.elements.some((e) => !e.isTypeOnly)))));
    return runtime ? node.moduleSpecifier.text : undefined;
  }
  if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
    const clause = node.exportClause;
    const runtime =
      !node.isTypeOnly &&
      (!clause || ts.isNamespaceExport(clause) || clause.elements.some((e) => !e.isTypeOnly));
    return runtime ? node.moduleSpecifier.text : undefined;
  }
  if (
    ts.isCallExpression(node) &&
    node.expression.kind === ts.SyntaxKind.ImportKeyword &&
    node.arguments[0] &&
    ts.isStringLiteral(node.arguments[0])
  )
    return node.arguments[0].text;
  return undefined;
}

function declarationFiles(symbol: ts.Symbol | undefined): string[] {
  let s = symbol;
  if (s && s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
  return (s?.declarations ?? []).map((d) => d.getSourceFile().fileName);
}

function at(sf: ts.SourceFile, node: ts.Node): string {
  const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return `${rel(sf.fileName)}:${line + 1}`;
}

/** Queries written outside a repo: runtime drizzle imports and query members of database handles. */
/**
 * `check` over `list`, yielding to the event loop after each file. The type checker resolves types
 * lazily, so a scan can run for a minute on a busy machine; a worker that blocks that long misses
 * vitest's RPC deadline ("Timeout calling onTaskUpdate") even when every assertion passes.
 */
async function scan<T>(list: string[], check: (file: string) => T[]): Promise<T[]> {
  const out: T[] = [];
  for (const file of list) {
    out.push(...check(file));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return out;
}

function queriesIn(file: string): string[] {
  const sf = sourceOf(file);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const specifier = isRuntimeImport(node);
    if (specifier && /^drizzle-orm(\/|$)/.test(specifier))
      found.push(`${at(sf, node)} imports '${specifier}' at run time`);
    if (ts.isPropertyAccessExpression(node)) {
      const decl = declarationFiles(checker.getSymbolAtLocation(node.name));
      const member = node.name.text;
      if (decl.some(isDrizzle)) found.push(`${at(sf, node)} uses Drizzle's ${member} (${node.getText(sf)})`);
      else if (RAW_SQL_MEMBERS.has(member) && decl.some((f) => same(f, CLIENT_FILE)))
        found.push(`${at(sf, node)} runs SQL through Database.${member} (${node.getText(sf)})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Routes added by a file: `registerRoute(…)` or a route method of the Fastify instance. */
function routesIn(file: string): string[] {
  const sf = sourceOf(file);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name
        : ts.isIdentifier(callee)
          ? callee
          : undefined;
      const decl = name ? declarationFiles(checker.getSymbolAtLocation(name)) : [];
      if (name && name.text === 'registerRoute' && decl.some((f) => same(f, REGISTER_FILE)))
        found.push(`${at(sf, node)} registerRoute`);
      else if (
        name &&
        ts.isPropertyAccessExpression(callee) &&
        ROUTE_MEMBERS.has(name.text) &&
        decl.some(isFastify)
      )
        found.push(`${at(sf, node)} ${callee.getText(sf)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The schema export a table expression refers to (`payments`, `schema.payments`, an alias). */
function tableOf(expr: ts.Expression): string | undefined {
  const node = ts.isPropertyAccessExpression(expr) ? expr.name : expr;
  let s = checker.getSymbolAtLocation(node);
  if (s && s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
  for (const d of s?.declarations ?? []) {
    const inSchema = same(dirname(d.getSourceFile().fileName), SCHEMA_DIR);
    if (inSchema && ts.isVariableDeclaration(d) && ts.isIdentifier(d.name) && TABLES.has(d.name.text))
      return d.name.text;
  }
  return undefined;
}

/** Text of a string or template literal, `${…}` parts replaced by a placeholder. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' $? ');
  return undefined;
}

/** Tables a repo writes that its module does not own: `file:line how table (owner …)`. */
function foreignWritesIn(file: string): { table: string; text: string }[] {
  const sf = sourceOf(file);
  const mine = moduleOf(file);
  const found: { table: string; text: string }[] = [];
  const check = (node: ts.Node, how: string, table: string | undefined, shown: string) => {
    const owner = table ? TABLE_OWNERS[table] : undefined;
    if (owner !== mine)
      found.push({
        table: table ?? shown,
        text: `${at(sf, node)} ${how} ${table ?? `${shown} (not a schema table)`} (owner: ${owner ?? '?'})`,
      });
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITE_MEMBERS.has(node.expression.name.text) &&
      node.arguments[0] &&
      declarationFiles(checker.getSymbolAtLocation(node.expression.name)).some(isDrizzle)
    )
      check(node, node.expression.name.text, tableOf(node.arguments[0]), node.arguments[0].getText(sf));
    const text = literalText(node);
    if (text !== undefined)
      for (const m of text.matchAll(RAW_WRITE)) {
        const table = BY_SQL_NAME.get(m[2] ?? '');
        if (table) check(node, m[1]?.replace(/\s+/, ' ') ?? '', table, m[2] ?? '');
      }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('module layout', () => {
  it('finds the module sources', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => rel(f) === 'payments/payments.service.ts')).toBe(true);
    expect(files.some((f) => MAY_QUERY.test(basename(f)))).toBe(false);
  });

  // Type checking the module sources takes 10-20 s on the 2-core machine, more under load.
  it('detects queries and inline routes (self-check)', { timeout: 180_000 }, () => {
    const queries = queriesIn(PROBE).map((q) => q.replace(/^layout-probe\/probe\.module\.ts:\d+ /, ''));
    // Not counted: the type-only import, hash.update, Map.delete, database.driver.
    expect(queries).toEqual([
      "imports 'drizzle-orm' at run time",
      "uses Drizzle's where (handle.select().from(users).where)",
      "uses Drizzle's from (handle.select().from)",
      "uses Drizzle's select (handle.select)",
      "uses Drizzle's execute (deps.db.execute)",
      "uses Drizzle's findFirst (deps.db.query.users.findFirst)",
      "uses Drizzle's query (deps.db.query)",
      'runs SQL through Database.query (deps.database.query)',
    ]);
    expect(routesIn(PROBE).map((r) => r.replace(/^.*:\d+ /, ''))).toEqual(['app.get', 'registerRoute']);
  });

  it('keeps SQL in *.repo.ts', { timeout: 180_000 }, async () => {
    const found = await scan(
      files.filter((f) => !(rel(f) in KNOWN)),
      queriesIn,
    );
    expect(found, 'move these queries into the module’s *.repo.ts and call them from the service').toEqual(
      [],
    );
  });

  it('lists only known exceptions that still query', { timeout: 180_000 }, () => {
    const stale = Object.keys(KNOWN).filter((k) => {
      const file = files.find((f) => rel(f) === k);
      return !file || queriesIn(file).length === 0;
    });
    expect(stale, 'these no longer query outside a repo: remove them from KNOWN').toEqual([]);
  });

  it('registers routes in *.routes.ts, not in *.module.ts', { timeout: 180_000 }, async () => {
    const found = await scan(
      files.filter((f) => f.endsWith('.module.ts')),
      routesIn,
    );
    expect(found, 'move route registration into the module’s *.routes.ts').toEqual([]);
  });

  it('detects writes to tables another module owns (self-check)', { timeout: 180_000 }, () => {
    const writes = foreignWritesIn(PROBE_REPO).map((w) =>
      w.text.replace(/^layout-probe\/probe\.repo\.ts:\d+ /, ''),
    );
    // Not counted: the select, SELECT … FOR UPDATE, an unknown table with DO UPDATE SET,
    // hash.update, Map.delete and the English "update payments".
    expect(writes).toEqual([
      'update wallets (owner: wallets)',
      'insert payments (owner: payments)',
      'delete wallets (owner: wallets)',
      'UPDATE payments (owner: payments)',
    ]);
  });

  it('gives every schema table one owner', () => {
    const modules = new Set(repos.map(moduleOf));
    expect(
      [...TABLES.keys()].filter((t) => !(t in TABLE_OWNERS)),
      'add these to table-owners.ts',
    ).toEqual([]);
    expect(
      Object.keys(TABLE_OWNERS).filter((t) => !TABLES.has(t)),
      'not schema tables',
    ).toEqual([]);
    const unknown = Object.entries(TABLE_OWNERS).filter(([, o]) => !o.startsWith('(') && !modules.has(o));
    expect(unknown, 'owners must be module folders with a repo').toEqual([]);
  });

  it('writes each table only from its owner’s repo', { timeout: 180_000 }, async () => {
    const found = (
      await scan(repos, (f) => foreignWritesIn(f).map((w) => ({ ...w, key: `${rel(f)}: ${w.table}` })))
    )
      .filter((w) => !(w.key in KNOWN_WRITES))
      .map((w) => w.text);
    expect(found, 'write through the owning module’s service (table-owners.ts)').toEqual([]);
  });

  it('lists only known foreign writes that still happen', { timeout: 180_000 }, async () => {
    const live = new Set(await scan(repos, (f) => foreignWritesIn(f).map((w) => `${rel(f)}: ${w.table}`)));
    const stale = Object.keys(KNOWN_WRITES).filter((k) => !live.has(k));
    expect(stale, 'these no longer write another module’s table: remove them from KNOWN_WRITES').toEqual([]);
  });
});
