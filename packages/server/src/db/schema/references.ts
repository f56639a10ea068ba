import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

export const referenceValues = pgTable(
  'reference_values',
  {
    code: text('code').notNull(),
    referenceId: integer('reference_id').notNull(),
    value: text('value').notNull(),
    description: text('description').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.value] })],
);

export const currencyTable = pgTable('currencies', {
  code: text('code').primaryKey(),
  numeric: text('numeric').notNull(),
  name: text('name').notNull(),
  exponent: smallint('exponent').notNull(),
  kind: text('kind', { enum: ['fiat', 'crypto'] }).notNull(),
});
