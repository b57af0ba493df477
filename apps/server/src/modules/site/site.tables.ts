import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Small shop-wide settings edited rarely (call-centre contact and business hours, demo-seed
 * marker), one JSON value per key.
 */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
