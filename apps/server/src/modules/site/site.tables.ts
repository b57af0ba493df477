import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { moment, updatedAtNow } from '../../platform/columns.ts';

/**
 * Small shop-wide settings edited rarely (call-centre contact and business hours, demo-seed
 * marker), one JSON value per key.
 */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAtNow(),
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
    occurredAt: moment('occurred_at').notNull(),
    receivedAt: moment('received_at').notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_time_idx').on(t.name, t.occurredAt)],
);
