/**
 * Small helpers over the `as const` code tables of this folder. Tables map a spec name to a
 * spec number (`{ closed: 0, active: 1 }`); lists are plain tuples of spec spellings.
 */

/** A code table: spec name → spec number. */
export type CodeTable = Readonly<Record<string, number>>;

/**
 * Keys of a literal object in declaration order, typed as its keys. The one cast of the folder:
 * `Object.keys` is typed `string[]` because objects may carry extra keys, which `as const`
 * tables never do.
 */
export function keysOf<T extends object>(table: T): (keyof T & string)[] {
  return Object.keys(table) as (keyof T & string)[];
}

/** The name a number stands for, or undefined when the number is not in the table. */
export function nameOfCode<T extends CodeTable>(table: T, code: number): (keyof T & string) | undefined {
  return keysOf(table).find((name) => table[name] === code);
}

/** Narrows any value to one member of a tuple of allowed spellings (case-sensitive, as the spec spells them). */
export function isOneOf<const L extends readonly (string | number)[]>(
  list: L,
  value: unknown,
): value is L[number] {
  const values: readonly unknown[] = list;
  return values.includes(value);
}
