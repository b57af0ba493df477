import type { FastifyInstance, FastifyReply } from 'fastify';
import ipaddr from 'ipaddr.js';
import { AppError } from './errors.ts';
import { isUuid } from '@shop/contracts/ids';
import { errorBodySchema } from '@shop/contracts/errors';

export { requestLanguage } from './errors.ts';

/**
 * The client network a per-address limit counts: an IPv4 address itself (also when written as
 * IPv4-mapped IPv6), an IPv6 address's /64, since one subscriber usually holds a whole /64 and
 * could otherwise take a fresh address for every try. Anything unparsable is kept as it is.
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/**
 * A route schema's error answers: each status given, with the one error body (DESIGN §3.4), e.g.
 * `response: { 200: okSchema, ...errorResponses(400, 401, 404) }`.
 */
export function errorResponses<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}

/** Ids in paths are database uuids: a malformed one is simply not found (and never reaches SQL). */
export function assertUuid(value: string, notFoundMessage: string): string {
  if (!isUuid(value)) throw new AppError('NOT_FOUND', notFoundMessage);
  return value;
}

/** Why a request's text cannot be stored as sent (see registerUnstorableTextGuard). */
export type UnstorableText = 'nul' | 'lone-surrogate';

const unstorableTexts = {
  request: {
    en: 'The request contains an invalid character',
    my: 'တောင်းဆိုမှုတွင် မမှန်ကန်သော စာလုံး ပါဝင်နေပါသည်',
  },
  nul: { en: 'Must not contain the NUL character', my: 'NUL စာလုံး မပါရပါ' },
  'lone-surrogate': {
    en: 'Must be well-formed text (a lone UTF-16 surrogate)',
    my: 'မှန်ကန်သော စာသား ဖြစ်ရပါမည်',
  },
} as const;

function unstorable(text: string): UnstorableText | null {
  if (text.includes('\u0000')) return 'nul';
  return text.isWellFormed() ? null : 'lone-surrogate';
}

/**
 * The first string (value or key) PostgreSQL could not store, with its path written as validation
 * errors name fields ('events.0.params.label', '' for the value itself), else null. Iterative: a
 * JSON body may nest tens of thousands of levels within the body limit.
 */
export function fieldWithUnstorableText(
  value: unknown,
): { field: string; problem: UnstorableText } | null {
  const pending: [unknown, string][] = [[value, '']];
  const pathOf = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, field] = next;
    if (typeof current === 'string') {
      const problem = unstorable(current);
      if (problem) return { field, problem };
    } else if (ArrayBuffer.isView(current) || current instanceof ArrayBuffer) {
      // Raw bytes (an image upload's body) are no text: walking them was a loop over every byte.
      continue;
    } else if (Array.isArray(current)) {
      (current as unknown[]).forEach((item, index) => {
        pending.push([item, pathOf(field, String(index))]);
      });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const problem = unstorable(key);
        if (problem) return { field: pathOf(field, key), problem };
        pending.push([item, pathOf(field, key)]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 (SQLSTATE 22021; "\u0000" in jsonb is 22P05) nor a lone UTF-16
 * surrogate (JSON's "\ud800" is 22P05 in jsonb; text has no UTF-8 for it and would quietly store
 * U+FFFD), so a request carrying one would fail in SQL as a 500 or be stored changed. No field of
 * the API takes them. One hook for every route (ADR 0047), not a refinement on each zod string:
 * it also sees record keys, fields without a string schema and routes without a body schema. Path
 * parameters, the query and the parsed body are checked before validation and refused with 400
 * VALIDATION_ERROR naming the field. Headers and cookies cannot carry either (Node reads header
 * bytes as latin1); the webhook's raw body is checked by its own schema after parsing.
 */
export function registerUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = fieldWithUnstorableText(value);
      if (found === null) continue;
      done(
        new AppError('VALIDATION_ERROR', unstorableTexts.request, {
          [found.field || part]: unstorableTexts[found.problem],
        }),
      );
      return;
    }
    done();
  });
}

/**
 * The answer `{ success, data }` of a public read the back-office edits now and then (the contact,
 * festival windows, claims on Home, bonus-point days): browsers may keep it for a minute, a
 * staleness nobody minds. The route's response schema still checks what it returns.
 */
export function cachedForAMinute<Data>(reply: FastifyReply, data: Data) {
  void reply.header('cache-control', 'public, max-age=60');
  return { success: true as const, data };
}

/** What an answer that says nothing about caching gets: kept by no browser, proxy or CDN. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Answers are private unless they say otherwise (ADR 0047): any answer that sets no Cache-Control
 * of its own gets `private, no-store`. The answers meant to be shared declare it (the catalogue's
 * cached bytes, contact and festival windows, images and built assets, the app page's no-cache
 * with its validator), and whether an answer depends on its caller cannot be told from the
 * request: the first GET /api/v1/cart without any credentials mints a guest id in its answer.
 */
export function registerPrivateByDefault(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per answer on every request's path.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', PRIVATE_NO_STORE);
    done(null, payload);
  });
}

/**
 * Request bodies are read as sent: Fastify does not inflate them, so a body sent with a
 * Content-Encoding (gzip, br, …) would be parsed as if it were plain, and a gzip bomb must never be
 * inflated anyway. Such requests are refused with 415 before the body is read (RFC 9110 §8.4.1).
 */
export function registerContentEncodingGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') {
      done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Compressed request bodies are not accepted'));
      return;
    }
    done();
  });
}
