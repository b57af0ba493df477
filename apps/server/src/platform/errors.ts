import { errorStatus, type ErrorBody, type ErrorCode } from '@shop/contracts/errors';
import { languageFromHeader, type Language } from '@shop/contracts/languages';
import { localizeMessage } from '@shop/contracts/validation-messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';

/** A message for the user: one text for every language, or one per language ({ en, my }). */
export type Text = string | Readonly<Record<Language, string>>;

/** The text in the given language. */
export const localize = (text: Text, language: Language): string =>
  typeof text === 'string' ? text : text[language];

/**
 * The one error type of the server (DESIGN §3.4). The message (and each field message) is shown to
 * the user as is, in the request's language when given as { en, my }; `message` is the English.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly text: Text;
  readonly fields: Record<string, Text> | undefined;
  /** Sent as the Retry-After header (whole seconds), e.g. with TOO_MANY_REQUESTS. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: Text,
    fields?: Record<string, Text>,
    options?: { retryAfterSeconds?: number; cause?: unknown },
  ) {
    super(localize(message, 'en'), { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.text = message;
    this.fields = fields;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }

  /** The error body in the given language. */
  body(language: Language): ErrorBody {
    const fields = this.fields
      ? Object.fromEntries(
          Object.entries(this.fields).map(([key, text]) => [key, localize(text, language)]),
        )
      : undefined;
    return errorBody(this.code, localize(this.text, language), fields);
  }
}

/** Platform wording, in English and Burmese (the web app's ui.unexpectedError for the first). */
export const platformTexts = {
  unexpected: {
    en: 'An unexpected error occurred. Please try again.',
    my: 'မမျှော်လင့်ထားသော အမှားတစ်ခု ဖြစ်ပွားခဲ့သည်။ ထပ်မံကြိုးစားပါ။',
  },
  badRequest: { en: 'Bad request', my: 'တောင်းဆိုမှု မမှန်ကန်ပါ' },
  badUrl: { en: 'The address is not valid', my: 'လိပ်စာ မမှန်ကန်ပါ' },
  urlTooLong: { en: 'The address is too long', my: 'လိပ်စာ ရှည်လွန်းပါသည်' },
  unavailable: {
    en: 'The shop is busy right now. Please try again in a moment.',
    my: 'ဆိုင်သည် ယခု အလုပ်များနေပါသည်။ ခဏအကြာတွင် ထပ်မံကြိုးစားပါ။',
  },
  /** A request limit (ADR 0026), worded as the spec's login limit ("Please try again later."). */
  tooManyRequests: {
    en: 'Too many requests. Please try again later.',
    my: 'တောင်းဆိုမှု များလွန်းနေပါသည်။ ခဏနေမှ ထပ်ကြိုးစားပါ။',
  },
} as const satisfies Record<string, Record<Language, string>>;

/** The language an answer is written in (Accept-Language, default my). */
export const requestLanguage = (request: FastifyRequest): Language =>
  languageFromHeader(request.headers['accept-language']);

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

const frameworkMessages: Record<string, Text> = {
  FST_ERR_BAD_URL: platformTexts.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: platformTexts.urlTooLong,
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
  const language = requestLanguage(request);
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'router error');
    void reply
      .status(status)
      .send(errorBody(codeForStatus(status), platformTexts.unexpected[language]));
    return;
  }
  const text = frameworkMessages[error.code] ?? platformTexts.badRequest;
  void reply.status(status).send(errorBody(codeForStatus(status), localize(text, language)));
}

/** Seconds a client is asked to wait (Retry-After) when the database or Redis cannot answer. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

// Node socket errors and PostgreSQL SQLSTATEs of "the database is not there right now": class 08
// (connection exception), 57P01–57P03 (shut down, crashed, starting), 53300 (too many
// connections), 57014 (statement cancelled by statement_timeout).
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
]);
// node-postgres and ioredis say it in words only.
const unavailableMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Command timed out|Connection is closed|Reached the max retries per request limit)/;

/**
 * Whether an error (or one of its causes: Drizzle wraps the driver's) means the database or Redis
 * is down, frozen or overloaded: answered 503 with Retry-After, never 500 (ADR 0025).
 */
export function isUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08')))
      return true;
    if (unavailableMessages.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(error.body(language));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          error.validationContext ||
          'request';
        fields[key] ??= localizeMessage(issue.message ?? 'Invalid value', language);
      }
      // The first problem is the message: zod schemas carry the spec's (English) wording, answered
      // in the request's language (ADR 0018).
      const first = localizeMessage(error.validation[0]?.message ?? 'Invalid request', language);
      return reply.status(400).send(errorBody('VALIDATION_ERROR', first, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply
        .status(500)
        .send(errorBody('INTERNAL_ERROR', platformTexts.unexpected[language]));
    }
    if (isUnavailableError(error)) {
      request.log.warn({ err: error }, 'database or Redis unavailable');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send(errorBody('SERVICE_UNAVAILABLE', platformTexts.unavailable[language]));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(status)
        .send(errorBody(codeForStatus(status), platformTexts.unexpected[language]));
    }
    return reply.status(status).send(errorBody(codeForStatus(status), error.message));
  });
}
