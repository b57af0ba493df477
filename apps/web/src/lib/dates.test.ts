import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

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
