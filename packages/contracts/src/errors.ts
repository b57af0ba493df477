import * as z from 'zod/mini';

/**
 * The closed set of error codes the API answers with. The server maps each to one HTTP status
 * (apps/server/src/platform/errors.ts); the web app branches on the code, never on the wording.
 */
export const errorCodes = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  // Auth outcomes the client routes on (account spec §4 "Login outcomes", §8 other-device logout).
  'PHONE_VERIFICATION_REQUIRED',
  'EMAIL_VERIFICATION_REQUIRED',
  'OTHER_DEVICE_LOGIN',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  PHONE_VERIFICATION_REQUIRED: 403,
  EMAIL_VERIFICATION_REQUIRED: 403,
  OTHER_DEVICE_LOGIN: 401,
};

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
