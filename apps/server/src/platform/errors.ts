import { errorStatus, type ErrorBody, type ErrorCode } from '@shop/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

/** The one error type of the server (DESIGN §3.4). The message is shown to the user as is. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { success: false, error: message, message, code, ...(fields ? { fields } : {}) };
}

/** Fastify's own 4xx errors (bad JSON, body too large, wrong content type) keep their status. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR';
  }
}

const frameworkMessages: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
};

/**
 * Fastify's `frameworkErrors` option: what the router answers before any route, hook or error
 * handler runs (a malformed %-escape in the path, a path parameter over maxParamLength). Without it
 * Fastify writes its own JSON ({error: 'Bad Request', code: 'FST_ERR_BAD_URL', ...}), not the API's
 * error body.
 */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'router error');
    void reply
      .status(status)
      .send(errorBody(codeForStatus(status), 'An unexpected error occurred. Please try again.'));
    return;
  }
  void reply
    .status(status)
    .send(errorBody(codeForStatus(status), frameworkMessages[error.code] ?? 'Bad request'));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          error.validationContext ||
          'request';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      // The first problem is the message: zod schemas carry the spec's wording.
      const first = error.validation[0]?.message ?? 'Invalid request';
      return reply.status(400).send(errorBody('VALIDATION_ERROR', first, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply
        .status(500)
        .send(errorBody('INTERNAL_ERROR', 'An unexpected error occurred. Please try again.'));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(status)
        .send(errorBody(codeForStatus(status), 'An unexpected error occurred. Please try again.'));
    }
    return reply.status(status).send(errorBody(codeForStatus(status), error.message));
  });
}
