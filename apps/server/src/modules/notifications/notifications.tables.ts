import type { Language } from '@shop/contracts/i18n';
import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtNow, moment, primaryId, uuidRef } from '../../platform/columns.ts';
import { users } from '../auth/auth.tables.ts';

/** A browser's push subscription (one per device and user; the endpoint identifies it). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: primaryId(),
    userId: uuidRef('user_id', () => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The device's page language when it subscribed: its notifications are written in it. */
    language: text('language').$type<Language>().notNull(),
    createdAt: createdAtNow(),
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
    subscriptionId: uuidRef('subscription_id', () => pushSubscriptions.id, { onDelete: 'cascade' }),
    sentAt: moment('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventKey, t.subscriptionId] })],
);
