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
 * reads a route's schemas gets the whole route (SCHEMA_USE). Build only: dev and vitest load the real module.
 */
export function leanRoutes(): Plugin {
  let code: string | undefined;
  return {
    name: 'portal:lean-routes',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (id.split('?')[0] !== routesFile) return null;
      code ??= await generate();
      return { code, moduleSideEffects: false };
    },
    async transform(source, id) {
      const file = id.split('?')[0] as string;
      if (!file.startsWith(webSrc) || !/\.tsx?$/.test(file) || !source.includes('apiRoutes.')) return null;
      // matchAll starts at the pattern's lastIndex: keep it at 0 (no .test() on this global pattern).
      SCHEMA_USE.lastIndex = 0;
      const imports = new Map<string, string>();
      let out = '';
      let last = 0;
      for (const match of source.matchAll(SCHEMA_USE)) {
        const prefix = match[1] ?? '';
        const name = (match[2] ?? match[3]) as string;
        const record = await findRecord(name);
        const key = `${record.path}#${record.name}`;
        const alias = imports.get(key) ?? `__leanRoutesArea${imports.size}`;
        imports.set(key, alias);
        out += `${source.slice(last, match.index)}${prefix}${alias}[${JSON.stringify(name)}]`;
        last = (match.index ?? 0) + match[0].length;
      }
      if (imports.size === 0) return null;
      out += source.slice(last);
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

async function generate(): Promise<string> {
  const { module } = await runnerImport<{ apiRoutes: Record<string, Record<string, unknown>> }>(routesFile);
  const entries: string[] = [];
  for (const [name, route] of Object.entries(module.apiRoutes)) {
    const lean: Record<string, unknown> = {};
    for (const field of RUNTIME_FIELDS) if (route[field] !== undefined) lean[field] = route[field];
    entries.push(`${JSON.stringify(name)}: ${JSON.stringify(lean)}`);
  }
  return `export const apiRoutes = {\n${entries.join(',\n')}\n};`;
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
