import type { FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import { AppError } from './errors.ts';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a database uuid (so it can be compared in SQL without a cast error). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);

/** Ids in paths are database uuids: a malformed one is simply not found (and never reaches SQL). */
export function assertUuid(value: string, notFoundMessage: string): string {
  if (!isUuid(value)) throw new AppError('NOT_FOUND', notFoundMessage);
  return value;
}

/**
 * The first field (top-level key, or '' for the value itself) holding a U+0000 character, else
 * null. Iterative: a JSON body may nest tens of thousands of levels within the body limit.
 */
export function fieldWithNulCharacter(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, field] = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return field;
    } else if (Array.isArray(current)) {
      for (const item of current as unknown[]) pending.push([item, field]);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return field || key;
        pending.push([item, field || key]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000 (SQLSTATE 22021; "\u0000" in jsonb is 22P05), so a request
 * carrying one in a path parameter, the query or the JSON body would fail in SQL as a 500. No field
 * of the API takes it: such requests are refused before validation with 400 VALIDATION_ERROR.
 */
export function registerNulCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = fieldWithNulCharacter(value);
      if (field === null) continue;
      done(
        new AppError('VALIDATION_ERROR', 'The request contains an invalid character', {
          [field || part]: 'Must not contain the NUL character',
        }),
      );
      return;
    }
    done();
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
