import { errorCatalogue } from '@portal/domain';

/** The `{name}` placeholders of a catalogue message, in order. */
export const placeholdersOf = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

/**
 * Every code of the domain error catalogue with the placeholders of its English message: all the
 * display rule (`errorMessage`) needs to know about a code. The browser build replaces this module
 * with the table it computes (build/lean-errors.ts), so the first chunk carries neither the messages
 * nor the area modules (and their zod schemas) the catalogue is spread from; dev and vitest run this one.
 */
export const errorPlaceholders: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(errorCatalogue).map(([code, def]) => [code, placeholdersOf(def.message)]),
);

/** The code is one of the catalogue's (the browser translates it as `errors:<CODE>`). */
export const isCatalogueCode = (code: string): boolean => Object.hasOwn(errorPlaceholders, code);
