import { describe, expect, it } from 'vitest';
import { adminCustomerSchemaMessages as m } from './admin-customers-messages.ts';
import {
  adminBlockSchema,
  adminPointsAdjustSchema,
  adminReportQuerySchema,
  reportDays,
} from './admin-customers.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('back-office customer contracts', () => {
  it('takes signed, non-zero whole points up to a million and a trimmed reason', () => {
    expect(adminPointsAdjustSchema.parse({ points: -250, reason: '  Refund by hand ' })).toEqual({
      points: -250,
      reason: 'Refund by hand',
    });
    for (const points of [0, 1.5, 1_000_001, -1_000_001, '5', null])
      expect(
        messages(adminPointsAdjustSchema.safeParse({ points, reason: 'Fine reason' })),
      ).toEqual([m.points.en]);
    expect(adminPointsAdjustSchema.safeParse({ points: 1_000_000, reason: 'abc' }).success).toBe(
      true,
    );
    for (const reason of ['  ab ', 'x'.repeat(201), 5])
      expect(messages(adminBlockSchema.safeParse({ reason }))).toEqual([m.reason.en]);
    expect(messages(adminBlockSchema.safeParse({ reason: 'two\nlines' }))).toEqual([
      m.reasonCharacters.en,
    ]);
  });

  it('needs both report days, in order, at most 366 of them', () => {
    expect(adminReportQuerySchema.parse({ from: ' 2028-01-01', to: '2028-12-31' })).toEqual({
      from: '2028-01-01',
      to: '2028-12-31',
    });
    expect(reportDays('2028-01-01', '2028-12-31')).toBe(366);
    expect(messages(adminReportQuerySchema.safeParse({ from: '2028-01-01' }))).toEqual([
      m.reportDate.en,
    ]);
    expect(
      messages(adminReportQuerySchema.safeParse({ from: '2029-02-29', to: '2029-03-01' })),
    ).toEqual([m.reportDate.en]);
    expect(
      messages(adminReportQuerySchema.safeParse({ from: '2029-03-02', to: '2029-03-01' })),
    ).toEqual([m.reportRange.en]);
    expect(
      messages(adminReportQuerySchema.safeParse({ from: '2027-01-01', to: '2028-01-02' })),
    ).toEqual([m.reportTooLong.en]);
  });

  it('has every message in Burmese script', () => {
    for (const pair of Object.values(m)) expect(pair.my).toMatch(/[\u1000-\u109F]/);
  });
});
