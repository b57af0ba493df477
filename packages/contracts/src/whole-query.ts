import * as z from 'zod/mini';

/** A positive whole number in the query string, with the message a caller can act on. */
export const wholeQuery = (message: string, max: number) =>
  z.pipe(
    z.string({ error: message }),
    z.transform((value, ctx) => {
      const n = /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : NaN;
      if (Number.isInteger(n) && n >= 1 && n <= max) return n;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
  );

/**
 * A paged list's `page` (from 1; the first page when absent) and `limit` (1 to limitMax;
 * limitDefault when absent) in the query string, each refused with its own message.
 */
export const pageQueryFields = (
  messages: { page: string; limit: string },
  limitDefault: number,
  limitMax: number,
) => ({
  page: z._default(wholeQuery(messages.page, Number.MAX_SAFE_INTEGER), 1),
  limit: z._default(wholeQuery(messages.limit, limitMax), limitDefault),
});
