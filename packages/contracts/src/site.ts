import * as z from 'zod/mini';
import { analyticsMessages } from './site-messages.ts';

export * from './site-messages.ts';
export * from './festivals.ts';

/**
 * First-party analytics events of the app around the shop (issue 16), sent only after the visitor
 * accepted cookies; the festival windows are in festivals.ts (re-exported here).
 */

export const ANALYTICS_EVENTS_MAX = 20;
export const ANALYTICS_CURRENCY = 'MMK';

const eventName = z.string().check(z.regex(/^[a-z][a-z0-9_]{0,39}$/));
const paramValue = z.union([z.string().check(z.maxLength(100)), z.number(), z.boolean()]);

export const analyticsEventSchema = z.object({
  name: eventName,
  /** Up to 10 flat parameters; money in kyat with currency MMK (spec §9). */
  params: z._default(
    z
      .record(z.string().check(z.regex(/^[a-z][a-z0-9_]{0,39}$/)), paramValue)
      .check(z.refine((p) => Object.keys(p).length <= 10)),
    {},
  ),
  /** When it happened on the device, ISO 8601. */
  at: z.iso.datetime(),
});
export type AnalyticsEvent = z.input<typeof analyticsEventSchema>;

export const analyticsEventsRequestSchema = z.object({
  /** The visitor accepted cookies: the app sends nothing otherwise. */
  consent: z.literal(true, { error: analyticsMessages.consentRequired.en }),
  events: z
    .array(analyticsEventSchema, { error: analyticsMessages.invalidEvents.en })
    .check(
      z.minLength(1, { error: analyticsMessages.invalidEvents.en }),
      z.maxLength(ANALYTICS_EVENTS_MAX, { error: analyticsMessages.invalidEvents.en }),
    ),
});
export type AnalyticsEventsRequest = z.input<typeof analyticsEventsRequestSchema>;
