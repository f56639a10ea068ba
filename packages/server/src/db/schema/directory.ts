import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const directoryEntries = pgTable('directory_entries', {
  merchantId: uuid('merchant_id').primaryKey(),
  displayName: text('display_name').notNull(),
  description: text('description').notNull().default(''),
  services: text('services').array().notNull().default([]),
  countries: text('countries').array().notNull().default([]),
  currencies: text('currencies').array().notNull().default([]),
  networks: text('networks').array().notNull().default([]),
  website: text('website').notNull().default(''),
  contactName: text('contact_name').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  status: text('status', { enum: ['published', 'hidden'] })
    .notNull()
    .default('published'),
  moderationNote: text('moderation_note').notNull().default(''),
  joinedAt: ts('joined_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
