import type { Language } from '@shop/contracts/i18n';
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

/** A browser's push subscription (one per device and user; the endpoint identifies it). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The device's page language when it subscribed: its notifications are written in it. */
    language: text('language').$type<Language>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Each push sent, written before it is sent: an event reaches a device at most once, whatever
 * reruns of its job (a crash, a restart, a second instance) do.
 */
export const pushSends = pgTable(
  'push_sends',
  {
    /** `<event>:<orderId>`. */
    eventKey: text('event_key').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventKey, t.subscriptionId] })],
);
