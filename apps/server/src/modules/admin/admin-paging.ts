import { adminMessages } from '@shop/contracts/admin-messages';
import type { PaginationMeta } from '@shop/contracts/catalogue';
import { yangonDayStart } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';

/** Myanmar Standard Time (platform/clock.ts, the one home of Yangon dates), for this module's users. */
export { YANGON_OFFSET_MS } from '../../platform/clock.ts';

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
