import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Drops empty strings, empty arrays and empty objects, so a draft sends only what was filled in. */
export function cleanEmpty<T>(value: T): T {
  if (Array.isArray(value)) {
    const items = value.map(cleanEmpty).filter((item) => item !== undefined);
    return (items.length ? items : undefined) as T;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, cleanEmpty(item)] as const)
      .filter(([, item]) => item !== undefined);
    return (entries.length ? Object.fromEntries(entries) : undefined) as T;
  }
  if (typeof value === 'string' && value.trim() === '') return undefined as T;
  if (typeof value === 'number' && Number.isNaN(value)) return undefined as T;
  return value;
}

/**
 * The route table's schema as the form's resolver, run on the cleaned values; `extra` adds the
 * domain's cross-field rules (they answer field paths with English messages, like the server).
 */
export function domainResolver<S extends z.ZodType, V extends FieldValues>(
  schema: S,
  prepare: (values: V) => unknown,
  extra?: (parsed: z.output<S>) => Record<string, string>,
): Resolver<V> {
  const base = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const prepared = prepare(values) as FieldValues;
    const result = await base(prepared, context, options as never);
    if (Object.keys(result.errors).length > 0 || !extra) return result as never;
    const fields = extra(result.values as z.output<S>);
    if (Object.keys(fields).length === 0) return result as never;
    const errors: Record<string, unknown> = {};
    for (const [path, message] of Object.entries(fields)) setPath(errors, path, { type: 'domain', message });
    return { values: {}, errors } as never;
  };
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] ?? path] = value;
}

/** Tri-state yes/no fields are shown as 'yes' | 'no' | '' in a select. */
export const toYesNo = (value: boolean | undefined): string =>
  value === undefined ? '' : value ? 'yes' : 'no';
export const fromYesNo = (value: string | null): boolean | undefined =>
  value === 'yes' ? true : value === 'no' ? false : undefined;

/** The request schema of a route of the table (every route a form uses declares one). */
export function bodySchema<B>(route: { body?: B; path: string }): B {
  if (!route.body) throw new Error(`route ${route.path} has no body schema`);
  return route.body;
}
