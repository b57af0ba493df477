import type { PaginationMeta } from '@shop/contracts/catalogue';
import type { LocalizedText } from '@shop/contracts/i18n';
import { adminMessages } from '@shop/contracts/admin-messages';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { requestLanguage } from '../../platform/http.ts';
import { adminErrors, staffRoute } from './staff-access.ts';

/**
 * A back-office route's options: the least role it needs (with the back-office request limit,
 * staffRoute), its summary and request schemas under the 'admin' tag, and its answers: the
 * back-office's error answers (adminErrors) and those the route names (its successes, any other
 * error).
 */
export function adminRoute<
  Role extends keyof typeof staffRoute,
  Schema extends FastifySchema & { summary: string; response: Record<number, unknown> },
>(role: Role, schema: Schema) {
  return {
    config: staffRoute[role],
    schema: { tags: ['admin'], ...schema, response: { ...adminErrors, ...schema.response } },
  };
}

/** A success answer in the request's language: its message and its data. */
export const answer = <Data>(request: FastifyRequest, message: LocalizedText, data: Data) => ({
  success: true as const,
  message: message[requestLanguage(request)],
  data,
});

/** A page of a back-office list (its rows and paging), answered as fetched. */
export const fetchedPage = <Page extends { data: unknown; meta: PaginationMeta }>(
  request: FastifyRequest,
  page: Page,
) => ({
  success: true as const,
  message: adminMessages.fetched[requestLanguage(request)],
  ...page,
});

/** A short list that is answered whole: its rows as the one page there is. */
export const wholeList = <Row>(data: Row[]) => ({
  data,
  meta: { total: data.length, page: 1, limit: Math.max(1, data.length), totalPages: 1 },
});
