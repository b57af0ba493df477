import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { defaultBusinessHours, isCallCentreOpen, productListQuerySchema } from './catalogue.ts';

const firstMessage = (input: Record<string, unknown>) => {
  const result = z.safeParse(productListQuerySchema, input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('product list query', () => {
  it('fills the spec defaults: page 1, limit 10, by price ascending', () => {
    expect(z.parse(productListQuerySchema, {})).toEqual({
      page: 1,
      limit: 10,
      sortField: 'price',
      sortOrder: 'asc',
    });
  });

  it('reads numbers and operator codes from the query string', () => {
    expect(
      z.parse(productListQuerySchema, {
        page: '3',
        limit: '50',
        sortField: 'name',
        sortOrder: 'desc',
        operator: 'mpt',
      }),
    ).toEqual({ page: 3, limit: 50, sortField: 'name', sortOrder: 'desc', operator: 'MPT' });
  });

  it('names the problem of bad paging and sorting', () => {
    expect(firstMessage({ page: '0' })).toBe('page must be a whole number of at least 1');
    expect(firstMessage({ page: '1.5' })).toBe('page must be a whole number of at least 1');
    expect(firstMessage({ page: ['1', '2'] })).toBe('page must be a whole number of at least 1');
    expect(firstMessage({ limit: '51' })).toBe('limit must be a whole number from 1 to 50');
    expect(firstMessage({ limit: 'ten' })).toBe('limit must be a whole number from 1 to 50');
    expect(firstMessage({ sortField: 'stock' })).toBe('sortField must be price or name');
    expect(firstMessage({ sortOrder: 'up' })).toBe('sortOrder must be asc or desc');
    expect(firstMessage({ operator: 'telenor' })).toBe(
      'operator must be one of MPT, OOREDOO, ATOM, MYTEL, MEC',
    );
  });
});

describe('call-centre hours', () => {
  // Asia/Yangon is UTC+06:30 all year.
  it('is open Monday to Friday 09:00-17:00 Yangon time', () => {
    // Monday 2025-08-18 09:00 in Yangon = 02:30 UTC.
    expect(isCallCentreOpen(defaultBusinessHours, new Date('2025-08-18T02:30:00Z'))).toBe(true);
    expect(isCallCentreOpen(defaultBusinessHours, new Date('2025-08-18T02:29:00Z'))).toBe(false);
    // Friday 16:59 open, 17:00 closed.
    expect(isCallCentreOpen(defaultBusinessHours, new Date('2025-08-22T10:29:00Z'))).toBe(true);
    expect(isCallCentreOpen(defaultBusinessHours, new Date('2025-08-22T10:30:00Z'))).toBe(false);
  });

  it('is closed at the weekend even in office hours', () => {
    // Saturday 2025-08-23 12:00 in Yangon.
    expect(isCallCentreOpen(defaultBusinessHours, new Date('2025-08-23T05:30:00Z'))).toBe(false);
    // Late Sunday UTC is already Monday morning in Yangon.
    expect(isCallCentreOpen(defaultBusinessHours, new Date('2025-08-24T22:30:00Z'))).toBe(false);
    expect(isCallCentreOpen(defaultBusinessHours, new Date('2025-08-25T03:00:00Z'))).toBe(true);
  });
});
