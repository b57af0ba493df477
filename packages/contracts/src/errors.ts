import * as z from 'zod/mini';
import { errorCodes } from './error-codes.ts';

export { errorCodes, errorStatus, readErrorBody } from './error-codes.ts';
export type { ErrorCode, ErrorFields } from './error-codes.ts';

/** Every failed call answers with this body (spec: "errors in `error` (and `message`)"). */
export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  code: z.enum(errorCodes),
  /** Field-level problems of a validation error, keyed by dotted path. */
  fields: z.optional(z.record(z.string(), z.string())),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
