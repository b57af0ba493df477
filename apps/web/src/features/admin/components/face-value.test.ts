import { describe, expect, it } from 'vitest';
import { minorUnits } from './face-value.ts';

describe('a gift card’s face value in minor units', () => {
  it('reads an amount in the currency’s own decimals', () => {
    expect(minorUnits('10', 'USD')).toBe(1000);
    expect(minorUnits('12.5', 'usd')).toBe(1250);
    expect(minorUnits(' 1,000.05 ', 'EUR')).toBe(100005);
    // The yen has no minor unit; the Bahraini dinar has three decimals.
    expect(minorUnits('500', 'JPY')).toBe(500);
    expect(minorUnits('1.5', 'BHD')).toBe(1500);
  });

  it('refuses what the currency cannot have, and no amount at all', () => {
    expect(minorUnits('12.345', 'USD')).toBeNull();
    expect(minorUnits('1.5', 'JPY')).toBeNull();
    expect(minorUnits('0', 'USD')).toBeNull();
    expect(minorUnits('0.00', 'USD')).toBeNull();
    expect(minorUnits('', 'USD')).toBeNull();
    expect(minorUnits('ten', 'USD')).toBeNull();
    expect(minorUnits('-5', 'USD')).toBeNull();
  });

  it('takes two decimals for a code that is no currency (the server then names the currency)', () => {
    expect(minorUnits('10', 'US$')).toBe(1000);
  });
});
