// Error codes and a structural reader of error answers, free of the schema library so the web app
// can use them in its first bundle; errors.ts re-exports them beside the schema.

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
  // A login past its address's spray limit must bring a solved proof of work (ADR 0045).
  'PROOF_REQUIRED',
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
  PROOF_REQUIRED: 428,
};

/** The fields of an error answer every caller reads. */
export interface ErrorFields {
  error: string;
  message: string;
  code: ErrorCode;
  /** Per-field messages (validation errors, a refused note's category), when the server gave them. */
  fields?: Readonly<Record<string, string>>;
}

/**
 * A cheap structural check of an error answer, for code that must not pull the schema library into
 * the first bundle (the web app's request layer). The server always answers with errorBodySchema.
 */
export function readErrorBody(value: unknown): ErrorFields | null {
  if (typeof value !== 'object' || value === null) return null;
  const { error, message, code, fields } = value as Record<string, unknown>;
  if (typeof error !== 'string' || typeof code !== 'string') return null;
  const texts =
    typeof fields === 'object' && fields !== null
      ? Object.fromEntries(
          Object.entries(fields).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        )
      : undefined;
  return {
    error,
    message: typeof message === 'string' ? message : error,
    code: code as ErrorCode,
    ...(texts ? { fields: texts } : {}),
  };
}
