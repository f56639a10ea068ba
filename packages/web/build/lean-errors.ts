import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const codesFile = resolve(here, '../src/shared/api/error-codes.ts');
const catalogueFile = resolve(here, '../../domain/src/errors/index.ts');

/**
 * The browser build's error tables, computed at build time (build only: dev and vitest load the real
 * modules, which hold the same data):
 * - shared/api/error-codes.ts, the catalogue codes and their placeholders: all the display rule
 *   (`errorMessage`, in the first chunk) needs;
 * - the domain's errors/index.ts, whose `errorCatalogue` spreads the error record of every area
 *   module, as the catalogue's data alone. Those area modules also hold the areas' zod schemas and
 *   routes: a screen that reads a message (file upload, security history) carried them all, and
 *   before error-codes.ts so did the first chunk, with every schema a lazy screen used.
 */
export function leanErrors(): Plugin {
  let codes: string | undefined;
  let catalogue: string | undefined;
  return {
    name: 'portal:lean-errors',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0];
      if (file === codesFile) {
        codes ??= await generateCodes();
        return { code: codes, moduleSideEffects: false };
      }
      if (file === catalogueFile) {
        catalogue ??= await generateCatalogue();
        return { code: catalogue, moduleSideEffects: false };
      }
      return null;
    },
  };
}

async function generateCatalogue(): Promise<string> {
  const { module } = await runnerImport<{
    errorCatalogue: Record<string, { status: number; message: string }>;
  }>(catalogueFile);
  const data = Object.fromEntries(
    Object.entries(module.errorCatalogue).map(([code, def]) => [
      code,
      { status: def.status, message: def.message },
    ]),
  );
  return [
    `export { defineErrors, formatMessage } from ${JSON.stringify(resolve(dirname(catalogueFile), 'define.ts'))};`,
    `export const errorCatalogue = ${JSON.stringify(data)};`,
    'export const isErrorCode = (code) => Object.hasOwn(errorCatalogue, code);',
  ].join('\n');
}

async function generateCodes(): Promise<string> {
  const { module } = await runnerImport<{ errorPlaceholders: Record<string, readonly string[]> }>(codesFile);
  // Codes grouped by their placeholder list: "supportEmail" → "INTERNAL …", "" → codes without any.
  const groups: Record<string, string[]> = {};
  for (const [name, placeholders] of Object.entries(module.errorPlaceholders)) {
    const key = placeholders.join(' ');
    groups[key] = [...(groups[key] ?? []), name];
  }
  const table = Object.fromEntries(Object.entries(groups).map(([key, codes]) => [key, codes.join(' ')]));
  return [
    `export const placeholdersOf = (template) => [...template.matchAll(/\\{(\\w+)\\}/g)].map((m) => m[1] ?? '');`,
    `const groups = ${JSON.stringify(table)};`,
    'export const errorPlaceholders = Object.fromEntries(',
    "  Object.entries(groups).flatMap(([names, codes]) => codes.split(' ').map((code) => [code, names ? names.split(' ') : []])),",
    ');',
    'export const isCatalogueCode = (code) => Object.hasOwn(errorPlaceholders, code);',
  ].join('\n');
}
