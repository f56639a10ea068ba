import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

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

let program: ts.Program;
let checker: ts.TypeChecker;
let files: string[];

beforeAll(() => {
  const config = ts.getParsedCommandLineOfConfigFile(join(SERVER, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!config) throw new Error('packages/server/tsconfig.json not readable');
  files = config.fileNames.filter((f) => !rel(f).startsWith('..') && !MAY_QUERY.test(basename(f)));
  const host = ts.createCompilerHost(config.options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (f) => same(f, PROBE) || fileExists.call(host, f);
  host.readFile = (f) => (same(f, PROBE) ? PROBE_TEXT : readFile.call(host, f));
  host.getSourceFile = (f, lang, ...rest) =>
    same(f, PROBE)
      ? ts.createSourceFile(f, PROBE_TEXT, lang, true)
      : getSourceFile.call(host, f, lang, ...rest);
  program = ts.createProgram({ rootNames: [...files, PROBE], options: config.options, host });
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

  it('keeps SQL in *.repo.ts', { timeout: 180_000 }, () => {
    const found = files.filter((f) => !(rel(f) in KNOWN)).flatMap(queriesIn);
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

  it('registers routes in *.routes.ts, not in *.module.ts', { timeout: 180_000 }, () => {
    const found = files.filter((f) => f.endsWith('.module.ts')).flatMap(routesIn);
    expect(found, 'move route registration into the module’s *.routes.ts').toEqual([]);
  });
});
