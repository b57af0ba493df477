import { z } from 'zod';

/*
 * The fields that every outside provider's settings schema (payments, top-ups, gift cards, SMS)
 * reads alike (issue 30): one home for what an address and a time budget must look like.
 */

/** An address the shop calls: http or https only. */
export const httpUrl = () => z.url({ protocol: /^https?$/ });

/** A time budget in milliseconds, left out for the provider's default, within [min, max]. */
export const optionalMs = (min: number, max: number) =>
  z.optional(z.coerce.number().int().min(min).max(max));
