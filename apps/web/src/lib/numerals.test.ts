import { formatNumber, localDigits } from '@shop/contracts/languages';
import { groupInFours, rechargeTelHref } from '@shop/contracts/phone';
import { describe, expect, it } from 'vitest';
import { formatKyat } from './money-format.ts';
import { formatCountdown, formatDate } from './dates.ts';
import { initI18n } from './i18n.ts';

describe('one numeral system per page (issue 12)', () => {
  it('writes prices, counts and clocks in Burmese digits on Burmese pages', () => {
    expect(formatNumber(10000, 'my')).toBe('၁၀,၀၀၀');
    expect(formatNumber(10000, 'en')).toBe('10,000');
    expect(formatNumber(1.5, 'my', { maximumFractionDigits: 1 })).toBe('၁.၅');
    expect(formatKyat(3000, 'my')).toBe('၃,၀၀၀ ကျပ်');
    expect(formatCountdown(299, 'my')).toBe('၀၄:၅၉');
    expect(formatCountdown(299, 'en')).toBe('04:59');
    expect(localDigits('11–15', 'my')).toBe('၁၁–၁၅');
    expect(formatDate('2026-11-24T03:00:00Z', 'my')).not.toMatch(/[0-9]/);
  });

  it('puts every number interpolated into a Burmese message in Burmese digits, strings as they are', async () => {
    const i18n = initI18n();
    await i18n.changeLanguage('my');
    i18n.addMessages('my', { test: { mixed: '{{count}} ခု · {{phone}}' } });
    i18n.addMessages('en', { test: { mixed: '{{count}} items · {{phone}}' } });
    expect(i18n.t('test.mixed', { count: 12, phone: '09421234567' })).toBe('၁၂ ခု · 09421234567');
    await i18n.changeLanguage('en');
    expect(i18n.t('test.mixed', { count: 12, phone: '09421234567' })).toBe(
      '12 items · 09421234567',
    );
  });

  it('shows a PIN in groups of four and dials *123*PIN# with the # escaped', () => {
    expect(groupInFours('1234567890123456')).toBe('1234 5678 9012 3456');
    expect(groupInFours('12345678901')).toBe('1234 5678 901');
    expect(rechargeTelHref('1234 5678')).toBe('tel:*123*12345678%23');
  });
});
