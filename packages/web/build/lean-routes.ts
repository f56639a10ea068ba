import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const domainSrc = resolve(here, '../../domain/src');
const routesFile = join(domainSrc, 'api/routes.ts');
const webSrc = resolve(here, '../src');

/** Route fields the browser reads at run time (shared/api/client.ts); the rest documents the server. */
const RUNTIME_FIELDS = ['method', 'path', 'auth', 'right', 'scope', 'idempotent', 'raw'] as const;
/**
 * A screen reading a route's schemas (`apiRoutes.addUserGroup.body`, `bodySchema(apiRoutes.walletStatement)`)
 * gets that route whole: the reference is rewritten to the area record holding it, imported by that
 * screen's module, so the schemas travel in the screen's lazy chunk and not in the first one.
 */
const SCHEMA_USE =
  /(\w*[Ss]chema\w*\(\s*)apiRoutes\.(\w+)|apiRoutes\.(\w+)(?=\??\.(?:body|params|query|response)\b)/g;

/**
 * The browser build's copy of the domain route table (`apiRoutes`): each entry with only what the
 * API client needs at run time (method, path, idempotency…), not its zod schemas. The real table
 * spreads every area's record, so any screen calling any route (the login page calls three) pulled
 * every request and response schema of the API into the first chunk. Types still come from the real
 * module (TypeScript never sees this), the server and the tests use the real one, and a screen that
 * reads a route's schemas gets the whole route (SCHEMA_USE). Every other `apiRoutes.name` of a screen
 * becomes an import of that route's entry alone (ROUTE_USE), so the first chunk carries the few routes
 * the login route calls, not the table; a module picking routes by a computed name still gets the whole
 * table, made of the same entries. Build only: dev and vitest load the real module.
 */
export function leanRoutes(): Plugin {
  return {
    name: 'portal:lean-routes',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(ROUTE_PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (id.startsWith(`\0${ROUTE_PREFIX}`)) {
        const route = (await leanTable())[id.slice(ROUTE_PREFIX.length + 1)];
        if (!route) throw new Error(`lean-routes: no route ${id}`);
        return { code: `export default ${JSON.stringify(route)};`, moduleSideEffects: false };
      }
      if (id.split('?')[0] !== routesFile) return null;
      // The whole table, for the few modules that pick a route by a computed name.
      const names = Object.keys(await leanTable());
      const imports = names.map((name, i) => `import r${i} from ${JSON.stringify(ROUTE_PREFIX + name)};`);
      const entries = names.map((name, i) => `${JSON.stringify(name)}: r${i}`);
      return {
        code: `${imports.join('\n')}\nexport const apiRoutes = {\n${entries.join(',\n')}\n};`,
        moduleSideEffects: false,
      };
    },
    async transform(source, id) {
      const file = id.split('?')[0] as string;
      if (!file.startsWith(webSrc) || !/\.tsx?$/.test(file) || !source.includes('apiRoutes.')) return null;
      const table = await leanTable();
      const imports = new Map<string, string>();
      const importOf = (specifier: string, name: string) => {
        const key = `${specifier}#${name}`;
        const alias = imports.get(key) ?? `__leanRoutes${imports.size}`;
        imports.set(key, alias);
        return alias;
      };
      // matchAll starts at the pattern's lastIndex: keep it at 0 (no .test() on these global patterns).
      SCHEMA_USE.lastIndex = 0;
      ROUTE_USE.lastIndex = 0;
      // A route whose schemas the screen reads: its area record, with the schemas.
      let out = await replaceAsync(source, SCHEMA_USE, async (match) => {
        const prefix = match[1] ?? '';
        const name = (match[2] ?? match[3]) as string;
        const record = await findRecord(name);
        return `${prefix}${importOf(record.path, record.name)}[${JSON.stringify(name)}]`;
      });
      // Any other route: its own lean entry, so a chunk carries only the routes its modules call.
      out = await replaceAsync(out, ROUTE_USE, async (match) => {
        const name = match[1] as string;
        return Object.hasOwn(table, name) ? importOf(ROUTE_PREFIX + name, 'default') : match[0];
      });
      if (imports.size === 0) return null;
      const header = [...imports]
        .map(([key, alias]) => {
          const [path, name] = key.split('#');
          return `import { ${name} as ${alias} } from ${JSON.stringify(path)};`;
        })
        .join(' ');
      // One line of imports in front keeps the line numbers of the source map.
      return { code: `${header} ${out}`, map: null };
    },
  };
}

/** Module id prefix of one route's lean entry (`virtual:portal-lean-route/login`). */
const ROUTE_PREFIX = 'virtual:portal-lean-route/';

/** `apiRoutes.name` (not a property of something else). */
const ROUTE_USE = /(?<![\w$.])apiRoutes\.(\w+)\b/g;

async function replaceAsync(
  source: string,
  pattern: RegExp,
  replace: (match: RegExpMatchArray) => Promise<string>,
): Promise<string> {
  let out = '';
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    out += source.slice(last, match.index) + (await replace(match));
    last = (match.index ?? 0) + match[0].length;
  }
  return out + source.slice(last);
}

let lean: Promise<Record<string, Record<string, unknown>>> | undefined;

/** Each route of the domain table with only the fields the browser reads at run time. */
function leanTable(): Promise<Record<string, Record<string, unknown>>> {
  lean ??= (async () => {
    const { module } = await runnerImport<{ apiRoutes: Record<string, Record<string, unknown>> }>(routesFile);
    const table: Record<string, Record<string, unknown>> = {};
    for (const [name, route] of Object.entries(module.apiRoutes)) {
      const entry: Record<string, unknown> = {};
      for (const field of RUNTIME_FIELDS) if (route[field] !== undefined) entry[field] = route[field];
      table[name] = entry;
    }
    return table;
  })();
  return lean;
}

let records: Promise<{ name: string; path: string; keys: Set<string> }[]> | undefined;

/** The area record of routes.ts (`import { fxRoutes } from '../fx/fx.api.ts'`, spread) holding a route. */
async function findRecord(route: string): Promise<{ name: string; path: string }> {
  records ??= (async () => {
    const source = readFileSync(routesFile, 'utf8');
    const imported = [...source.matchAll(/import\s*{([^}]+)}\s*from\s*'([^']+)'/g)].flatMap(
      ([, names, from]) =>
        (names as string)
          .split(',')
          .map((n) => ({ name: n.trim(), path: resolve(dirname(routesFile), from as string) })),
    );
    return Promise.all(
      imported.map(async (record) => {
        const { module } = await runnerImport<Record<string, object | undefined>>(record.path);
        return { ...record, keys: new Set(Object.keys(module[record.name] ?? {})) };
      }),
    );
  })();
  const found = (await records).find((record) => record.keys.has(route));
  if (!found) throw new Error(`lean-routes: no area record of routes.ts holds ${route}`);
  return found;
}
