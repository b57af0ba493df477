import { describe, expect, it } from 'vitest';
import { cardExpiryDate, cardExpiryInstant } from '@shop/contracts/orders';
import { formatCalendarDate, formatDate, formatDayRange, yangonDay } from './dates.ts';

describe('formatDate', () => {
  // 2026-11-23 06:30 UTC is 13:00 in Yangon (UTC+6:30).
  const iso = '2026-11-23T06:30:00Z';

  it('writes English dates in Yangon time', () => {
    expect(formatDate(iso, 'en')).toBe('23 November 2026');
    expect(formatDate(iso, 'en', { withTime: true, style: 'medium' })).toBe('23 Nov 2026, 13:00');
  });

  it('writes Burmese dates with Burmese months and digits', () => {
    expect(formatDate(iso, 'my')).toBe('၂၀၂၆ ခုနှစ် နိုဝင်ဘာ ၂၃ ရက်');
    expect(formatDate(iso, 'my', { withTime: true })).toBe('၂၀၂၆ ခုနှစ် နိုဝင်ဘာ ၂၃ ရက် ၁၃:၀၀');
  });
});

describe('a card’s expiry is a calendar date (issue 26)', () => {
  // Kept as 2027-12-31T23:59:59Z: in Yangon that instant is already 1 January 2028, which the
  // order page showed.
  const kept = cardExpiryInstant('2027-12-31').toISOString();

  it('shows the day as imported, in both languages', () => {
    expect(formatDate(kept, 'en', { style: 'medium' })).toBe('1 Jan 2028');
    expect(formatCalendarDate(cardExpiryDate(kept), 'en', { style: 'medium' })).toBe('31 Dec 2027');
    expect(formatCalendarDate(cardExpiryDate(kept), 'my')).toBe('၂၀၂၇ ခုနှစ် ဒီဇင်ဘာ ၃၁ ရက်');
    expect(formatCalendarDate('2028-01-01', 'en', { style: 'medium' })).toBe('1 Jan 2028');
  });
});

describe('yangonDay', () => {
  it('turns at midnight in Yangon (UTC+6:30), not in UTC', () => {
    expect(yangonDay(new Date('2026-12-13T17:29:00Z'))).toBe('2026-12-13');
    expect(yangonDay(new Date('2026-12-13T17:30:00Z'))).toBe('2026-12-14');
    expect(yangonDay(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
  });
});

describe('formatDayRange', () => {
  it('writes a run of days without the year, as a person reads it in each language', () => {
    expect(formatDayRange('2026-10-24', '2026-10-26', 'en')).toBe('24–26 Oct');
    expect(formatDayRange('2026-10-30', '2026-11-02', 'en')).toBe('30 Oct – 2 Nov');
    expect(formatDayRange('2026-10-24', '2026-10-24', 'en')).toBe('24 Oct');
    expect(formatDayRange('2026-10-24', '2026-10-26', 'my')).toBe('အောက်တိုဘာ ၂၄–၂၆ ရက်');
    expect(formatDayRange('2026-10-30', '2026-11-02', 'my')).toBe('အောက်တိုဘာ ၃၀ ရက် – နိုဝင်ဘာ ၂ ရက်');
    expect(formatDayRange('2026-12-05', '2026-12-05', 'my')).toBe('ဒီဇင်ဘာ ၅ ရက်');
  });
});
