import { describe, expect, it } from 'vitest';
import { newOrderNumber } from '../modules/orders/orders.service.ts';
import {
  previousYangonDay,
  startOfYangonDay,
  yangonDay,
  yangonDayStart,
  yangonDayWindow,
  yangonIso,
} from './clock.ts';

// 23:45 UTC on 2 December is 06:15 on 3 December in Yangon (UTC+06:30): the day has turned there.
const lateUtc = new Date('2026-12-02T23:45:00Z');
// 17:29 UTC is 23:59 in Yangon: still the same day.
const beforeMidnight = new Date('2026-12-02T17:29:00Z');

describe('Yangon days: one home for the shop’s dates (issue 30)', () => {
  it('the day, its start and its window, by Yangon’s clock whatever the server’s zone', () => {
    expect(yangonDay(lateUtc)).toBe('2026-12-03');
    expect(yangonDay(beforeMidnight)).toBe('2026-12-02');
    expect(startOfYangonDay(lateUtc)).toEqual(new Date('2026-12-02T17:30:00Z'));
    expect(startOfYangonDay(beforeMidnight)).toEqual(new Date('2026-12-01T17:30:00Z'));
    expect(yangonDayStart('2026-12-03')).toEqual(startOfYangonDay(lateUtc));
    expect(yangonDayWindow('2026-12-03')).toEqual({
      start: new Date('2026-12-02T17:30:00Z'),
      end: new Date('2026-12-03T17:30:00Z'),
    });
    expect(previousYangonDay(lateUtc)).toBe('2026-12-02');
    expect(yangonIso(lateUtc)).toBe('2026-12-03T06:15:00.000+06:30');
  });

  it('an order number carries the Yangon date the receipt shows', () => {
    expect(newOrderNumber(lateUtc)).toMatch(/^MT-261203-[0-9A-Z]{8}$/);
    expect(newOrderNumber(beforeMidnight)).toMatch(/^MT-261202-/);
  });
});
