import * as z from 'zod/mini';
import { successResponse } from './responses.ts';
import { notificationMessages } from './notification-messages.ts';

export * from './notification-messages.ts';

/**
 * Web Push (issue 16): the server's VAPID public key, and a browser's push subscription stored per
 * user and device (the PushSubscription's JSON: endpoint and its two keys).
 */

/** base64url of a P-256 public key (65 bytes) or an auth secret (16 bytes). */
const base64url = z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.maxLength(200));

export const pushSubscriptionRequestSchema = z.object({
  endpoint: z.string({ error: notificationMessages.invalidSubscription.en }).check(
    // A URL's shape only (the server parses it and takes https alone): zod's z.url would weigh
    // on every web page that imports these schemas.
    z.regex(/^https?:\/\/\S+$/, { error: notificationMessages.invalidSubscription.en }),
    z.maxLength(1000, { error: notificationMessages.invalidSubscription.en }),
  ),
  keys: z.object(
    { p256dh: base64url, auth: base64url },
    { error: notificationMessages.invalidSubscription.en },
  ),
  /** The device's page language: its notifications are written in it. */
  language: z.optional(z.enum(['en', 'my'])),
});
export type PushSubscriptionRequest = z.input<typeof pushSubscriptionRequestSchema>;

export const pushUnsubscribeRequestSchema = z.object({
  endpoint: z
    .string({ error: notificationMessages.invalidSubscription.en })
    .check(z.maxLength(1000, { error: notificationMessages.invalidSubscription.en })),
});

export const vapidKeyResponseSchema = successResponse(z.object({ publicKey: z.string() }));

/** Updates of an order (the order's page opens on a tap). */
export const orderPushEvents = [
  'order_completed',
  'order_failed',
  'order_refunded',
  'payment_expired',
] as const;
export type OrderPushEvent = (typeof orderPushEvents)[number];
/**
 * Every push: the order updates, and the account's own (issue 31): a saved number's reminder to
 * top up, and a "top me up" request paid.
 */
export const pushEvents = [...orderPushEvents, 'topup_reminder', 'topup_request_paid'] as const;
export type PushEvent = (typeof pushEvents)[number];

/** What the service worker receives in a push (JSON), in the device's language. */
export const pushPayloadSchema = z.object({
  event: z.enum(pushEvents),
  title: z.string(),
  body: z.string(),
  /** Page to open on a click (same origin). */
  url: z.string(),
  /** One notification per order and event on the device (a repeat replaces it). */
  tag: z.string(),
});
export type PushPayload = z.output<typeof pushPayloadSchema>;
