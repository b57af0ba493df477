import * as z from 'zod/mini';
import { phoneErrorMessages, validatePhone, type OperatorCode } from './phone.ts';

/**
 * The phone-number rules of phone.ts as request-body and form schemas. A module of its own, so
 * that what only reads, formats or checks a number (a listing's phone field, issue 29) does not
 * bring the schema library with it.
 */

/** The 95 form of a valid number; else the first rule broken is the schema's issue. */
function storedPhone(
  value: string,
  ctx: z.core.ParsePayload,
  options: { operator?: OperatorCode } = {},
): string {
  const result = validatePhone(value, options);
  if (result.valid) return result.international;
  ctx.issues.push({ code: 'custom', message: result.error.message, input: value });
  return z.NEVER;
}

/**
 * Request-body field: any accepted spelling in, the 95 form out; the first rule broken is the
 * validation message (the server answers it as `error`).
 */
export const myanmarPhoneSchema = z.pipe(
  z.string({ error: phoneErrorMessages.required }),
  z.transform((value, ctx) => storedPhone(value, ctx)),
);

/**
 * The recipient number typed into a top-up or data line of the cart (ADR 0021): blank is no
 * number (null: the line's number is removed); anything else must be a valid number of the line's
 * operator, when it has one ('Phone number does not match {operator} format'), and becomes its 95
 * form. The cart line's field and the cart controller judge what is typed with it.
 */
export function recipientPhoneSchema(operator: OperatorCode | null) {
  return z.pipe(
    z.string(),
    z.transform((value, ctx) =>
      value.trim() === '' ? null : storedPhone(value, ctx, operator ? { operator } : {}),
    ),
  );
}
