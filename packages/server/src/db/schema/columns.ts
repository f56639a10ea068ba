import { timestamp } from 'drizzle-orm/pg-core';

/** `timestamptz` read as a JS Date: every time column of the schema. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
