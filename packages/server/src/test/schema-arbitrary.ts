import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for the input of a zod 4 schema (zod-fast-check does not support zod 4):
 * walks the schema's JSON Schema (`z.toJSONSchema`, input side) and generates values it accepts,
 * biased towards the well-formed but unknown — a currency nobody issues, a UUID no row has, a date
 * at either end of the calendar, the longest string allowed, unicode, boundary numbers, empty
 * arrays — as well as random ones. Callers keep only values the schema really parses (refinements
 * and transforms are not in the JSON Schema).
 */
export type JsonSchema = {
  type?: string | string[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  default?: unknown;
};

export interface ArbitraryContext {
  /** Real ids (of the demo data and of earlier answers): a known id reaches further than a random one. */
  ids: () => readonly string[];
}

export const toJsonSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

/** Well-formed codes no currency table holds, beside real ones. */
const CURRENCIES = ['XYZ', 'ZZZ', 'QQQ', 'EUR', 'GBP', 'USD', 'BTC', 'USDT', 'XAU'];
const DATES = ['0001-01-01', '1900-01-01', '1969-12-31', '2024-02-29', '2099-12-31', '9999-12-31'];
const DATE_TIMES = [
  '0001-01-01T00:00:00Z',
  '1970-01-01T00:00:00.000Z',
  '2099-12-31T23:59:59Z',
  '9999-12-31T23:59:59.999Z',
];
const UUIDS = ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
const ODD_STRINGS = [
  'Ωmega ünïcödé 漢字',
  '😀👍🏽‍',
  'שלום \u202eevil',
  "O'Brien & Co; DROP TABLE x --",
  '%_*',
  '  padded  ',
  '0',
  '-1',
  'null',
  '1e309',
];

/** Well-formed values for fields named after what they hold (the schema filters what does not fit). */
const HINTS: [RegExp, string[]][] = [
  [/currenc|ccy/i, CURRENCIES],
  [/period/i, ['01/2025', '12/2025', '02/2023', '12/9999', '01/1900', '13/2025']],
  [/date|_at$|At$|^from$|^to$|_from$|_to$/, [...DATES, ...DATE_TIMES]],
  [
    /iban/i,
    ['DE89370400440532013000', 'GB29NWBK60161331926819', 'LT121000011101001000', 'GB00XXXX00000000000000'],
  ],
  [/bic|swift/i, ['DEUTDEFF', 'NWBKGB2L', 'ZZZZZZ99', 'AAAAAAAAXXX']],
  [/sort_?code/i, ['601613', '000000', '99-99-99']],
  [/account_?number/i, ['31926819', '00000000', '9999999999999999']],
];

/** Decimal amounts: the smallest, zero, negative, huge, too many decimals, and random ones. */
const decimalArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0.01',
    '1',
    '1.00',
    '0',
    '0.00',
    '-1.00',
    '0.001',
    '999999999999.99',
    '99999999999999999999',
    '1e3',
  ),
  fc
    .tuple(fc.nat({ max: 10_000_000 }), fc.nat({ max: 99 }))
    .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`),
);

const genericString = (min: number, max: number): fc.Arbitrary<string> => {
  const cap = Math.min(max, 64);
  const fits = (s: string) => s.length >= min && s.length <= max;
  const options: fc.Arbitrary<string>[] = [
    fc.string({ minLength: Math.min(min, cap), maxLength: cap }),
    fc.string({ unit: 'grapheme', minLength: Math.min(min, cap), maxLength: cap }),
  ];
  const odd = ODD_STRINGS.filter(fits);
  if (odd.length) options.push(fc.constantFrom(...odd));
  // The longest string allowed (or a long one when there is no limit).
  const longest = Math.max(min, Math.min(max, 5_000));
  options.push(fc.constantFrom('x'.repeat(longest), 'é'.repeat(longest)));
  return fc.oneof(...options).filter(fits);
};

function stringArbitrary(s: JsonSchema, key: string, ctx: ArbitraryContext): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 10_000;
  const format = s.format ?? '';
  if (format === 'uuid' || format === 'guid') {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(null).chain(() => pickId(ctx)) },
      { weight: 2, arbitrary: fc.uuid({ version: [4, 7] }) },
      { weight: 1, arbitrary: fc.constantFrom(...UUIDS) },
    );
  }
  if (format === 'email') {
    return fc.oneof(fc.constant('nobody@example.com'), fc.emailAddress()).filter((x) => x.length <= max);
  }
  if (format === 'date') {
    return fc.oneof(
      fc.constantFrom(...DATES),
      fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    );
  }
  if (format === 'date-time') {
    return fc.oneof(
      fc.constantFrom(...DATE_TIMES),
      fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString()),
    );
  }
  if (format === 'uri' || format === 'url') return fc.webUrl();
  // Fields whose name says what they hold get mostly well-formed values of that kind.
  const hinted: fc.Arbitrary<string>[] = [];
  for (const [re, values] of HINTS) if (re.test(key)) hinted.push(fc.constantFrom(...values));
  if (/amount|sum$|price|fee|limit|turnover/i.test(key)) hinted.push(decimalArbitrary);
  if (/(^id$|_id$|Id$|uuid|Uuid|_ref$)/.test(key)) {
    hinted.push(
      fc.constant(null).chain(() => pickId(ctx)),
      fc.constantFrom('1', '2', '2147483648', '0'),
    );
  }
  const options: fc.Arbitrary<string>[] = [];
  if (s.pattern) {
    try {
      const re = new RegExp(s.pattern);
      options.push(fc.stringMatching(re, { maxLength: Math.min(max, 200) }));
      const fitting = [...CURRENCIES, ...DATES, ...ODD_STRINGS].filter((x) => re.test(x));
      if (fitting.length) options.push(fc.constantFrom(...fitting));
    } catch {
      // A pattern fast-check cannot read (lookbehind …): the generic strings below, filtered by the caller.
    }
  }
  if (!s.pattern || !options.length) options.push(genericString(min, max));
  const plain = fc.oneof(...options);
  return hinted.length
    ? fc.oneof({ weight: 4, arbitrary: fc.oneof(...hinted) }, { weight: 1, arbitrary: plain })
    : plain;
}

const pickId = (ctx: ArbitraryContext): fc.Arbitrary<string> => {
  const ids = ctx.ids();
  return ids.length ? fc.constantFrom(...ids) : fc.uuid({ version: 4 });
};

function numberArbitrary(s: JsonSchema, isInt: boolean): fc.Arbitrary<number> {
  const lo =
    s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (isInt ? 1 : 1e-9) : undefined);
  const hi =
    s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (isInt ? 1 : 1e-9) : undefined);
  const min = lo ?? -Number.MAX_SAFE_INTEGER;
  const max = hi ?? Number.MAX_SAFE_INTEGER;
  const edges = [min, max, 0, 1, -1, 2 ** 31, 2 ** 31 - 1, 1e15, 0.5, 1e-7].filter(
    (n) => n >= min && n <= max && (!isInt || Number.isInteger(n)),
  );
  const I32 = 2 ** 31 - 1;
  const random = isInt
    ? fc.integer({ min: Math.max(min, -I32), max: Math.min(max, I32) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return edges.length ? fc.oneof(fc.constantFrom(...edges), random) : random;
}

function resolve(s: JsonSchema, root: JsonSchema): JsonSchema {
  if (!s.$ref) return s;
  const name = s.$ref.replace(/^#\/\$defs\//, '');
  return root.$defs?.[name] ?? {};
}

/** An arbitrary of the values of JSON Schema `s` (`key` is the property name: a hint for currencies). */
export function arbitraryFor(
  s0: JsonSchema,
  ctx: ArbitraryContext,
  key = '',
  root: JsonSchema = s0,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(s0, root);
  if (depth > 8) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((a) => arbitraryFor(a, ctx, key, root, depth + 1)));
  if (s.allOf?.length) {
    // zod writes several patterns of one string as allOf: merge them, the caller filters.
    const merged = Object.assign({}, ...s.allOf.map((a) => resolve(a, root)), { ...s, allOf: undefined });
    return arbitraryFor(merged, ctx, key, root, depth + 1);
  }
  if (Array.isArray(s.type)) {
    return fc.oneof(...s.type.map((type) => arbitraryFor({ ...s, type }, ctx, key, root, depth + 1)));
  }
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'string':
      return stringArbitrary(s, key, ctx);
    case 'array': {
      if (s.prefixItems)
        return fc.tuple(...s.prefixItems.map((p) => arbitraryFor(p, ctx, key, root, depth + 1)));
      const item = arbitraryFor(s.items ?? {}, ctx, key, root, depth + 1);
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 5, 5));
      const options = [fc.array(item, { minLength, maxLength })];
      if (minLength === 0) options.push(fc.constant([]));
      // The most items allowed (a mass action at its limit).
      if (s.maxItems && s.maxItems > 5 && s.maxItems <= 500) {
        options.push(fc.array(item, { minLength: s.maxItems, maxLength: s.maxItems }));
      }
      return fc.oneof(...options);
    }
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = arbitraryFor(v, ctx, k, root, depth + 1);
      const required = (s.required ?? []).filter((k) => k in props);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      // Unrepresentable in JSON Schema (a transform, a custom check): any small JSON value.
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null));
  }
}
