import { adminMessages } from '@shop/contracts/admin-messages';
import type { PaginationMeta } from '@shop/contracts/catalogue';
import { AppError } from '../../platform/errors.ts';

/** Myanmar Standard Time is UTC+06:30 all year (no daylight saving): business days (DESIGN §4). */
export const YANGON_OFFSET_MS = 6.5 * 60 * 60 * 1000;

/** The start of the Yangon calendar day YYYY-MM-DD, as an instant. */
export const yangonDayStart = (day: string): Date =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() - YANGON_OFFSET_MS);

/** from (inclusive) and to (the whole day included) as instants; from after to is a 400. */
export function dayRange(
  from: string | undefined,
  to: string | undefined,
): { from: Date | undefined; to: Date | undefined } {
  if (from && to && from > to) throw new AppError('VALIDATION_ERROR', adminMessages.dateRange);
  return {
    from: from ? yangonDayStart(from) : undefined,
    to: to ? new Date(yangonDayStart(to).getTime() + 24 * 60 * 60 * 1000) : undefined,
  };
}

export const pageMeta = (
  query: { page: number; limit: number },
  total: number,
): PaginationMeta => ({
  page: query.page,
  limit: query.limit,
  total,
  totalPages: Math.max(1, Math.ceil(total / query.limit)),
});
