import { describe, expect, it } from 'vitest';
import { currencyDigits, formatKyat, formatKyatIn } from './money-format.ts';

describe("kyat in the buyer's currency (issue 31)", () => {
  it("writes each currency with Intl's digits: 2 for THB, USD; none for JPY, KRW, VND", () => {
    expect(currencyDigits('THB')).toBe(2);
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KRW')).toBe(0);
    expect(currencyDigits('VND')).toBe(0);
    // A code Intl does not accept is written with two digits, not an error.
    expect(currencyDigits('not-a-code')).toBe(2);
  });

  it('divides by the kyat per unit and rounds to those digits, in English digits', () => {
    expect(formatKyatIn(5000, { currency: 'THB', rate: 137.5 }, 'en')).toBe('36.36');
    expect(formatKyatIn(5000, { currency: 'THB', rate: 100 }, 'en')).toBe('50.00');
    expect(formatKyatIn(5000, { currency: 'JPY', rate: 30.45 }, 'en')).toBe('164');
    expect(formatKyatIn(1_000_000, { currency: 'JPY', rate: 30.45 }, 'en')).toBe('32,841');
    expect(formatKyatIn(1_000_000, { currency: 'USD', rate: 4480 }, 'en')).toBe('223.21');
    expect(formatKyatIn(0, { currency: 'SGD', rate: 3460 }, 'en')).toBe('0.00');
  });

  it('writes the amount and the rate in Burmese digits on Burmese pages', () => {
    expect(formatKyatIn(5000, { currency: 'THB', rate: 137.5 }, 'my')).toBe('၃၆.၃၆');
    expect(formatKyatIn(1_000_000, { currency: 'JPY', rate: 30.45 }, 'my')).toBe('၃၂,၈၄၁');
    expect(formatKyat(137.5, 'my', { maximumFractionDigits: 4 })).toBe('၁၃၇.၅ ကျပ်');
    expect(formatKyat(30.4512, 'en', { maximumFractionDigits: 4 })).toBe('30.4512 Ks');
    // A price stays whole kyat.
    expect(formatKyat(1999.6, 'en')).toBe('2,000 Ks');
  });
});
