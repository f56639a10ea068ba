import { text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** `timestamptz` read as a JS Date: every time column of the schema. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `id uuid PRIMARY KEY DEFAULT gen_random_uuid()`. */
export const uuidPk = () => uuid('id').primaryKey().defaultRandom();

/** `created_at timestamptz NOT NULL DEFAULT now()`. */
export const createdAtNow = () => ts('created_at').notNull().defaultNow();

/**
 * The history columns of a status event table (payment_events, fx_events): what happened, the
 * status before and after, who did it, a note and when. `S` is the subject's status type.
 */
export const statusEventColumns = <S extends string = string>() => ({
  event: text('event').notNull(),
  fromStatus: text('from_status').$type<S>(),
  status: text('status').$type<S>().notNull(),
  actorId: uuid('actor_id'),
  note: text('note'),
  at: ts('at').notNull(),
});
