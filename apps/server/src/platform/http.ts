import type { FastifyRequest } from 'fastify';
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
