import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageFromHeader, type Language } from '@shop/contracts/i18n';
import { AppError } from './errors.ts';

/** The language an answer is written in (Accept-Language, default my). */
export const requestLanguage = (request: FastifyRequest): Language =>
  languageFromHeader(request.headers['accept-language']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are database uuids: a malformed one is simply not found (and never reaches SQL). */
export function assertUuid(value: string, notFoundMessage: string): string {
  if (!UUID.test(value)) throw new AppError('NOT_FOUND', notFoundMessage);
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
