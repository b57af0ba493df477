import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Small shop-wide settings edited rarely (call-centre contact and business hours, demo-seed
 * marker), one JSON value per key.
 */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * First-party analytics (issue 16), sent by the app only after the visitor accepted cookies: the
 * event and its flat parameters, nothing that names a person (no account, no address).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    params: jsonb('params').$type<Record<string, string | number | boolean>>().notNull(),
    /** When it happened on the device, and when it arrived. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_time_idx').on(t.name, t.occurredAt)],
);
