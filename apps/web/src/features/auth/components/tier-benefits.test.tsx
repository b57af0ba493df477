import type { Membership } from '@shop/contracts/auth';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { BonusDaysText, TierBenefits } from './user-menu-panel.tsx';

const i18n = initI18n();

const member = (
  name: Membership['currentTier']['name'],
  tierDiscountPercent: number,
): Membership => ({
  pointsBalance: 0,
  tierPoints: 0,
  currentTier: { name, minPoints: 0, maxPoints: null, isHighestTier: true },
  nextTier: null,
  pointsToNextTier: null,
  tierDiscountPercent,
  pointsPer1000Mmk: 1,
  pointValueMmk: 1,
});

const benefits = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

/**
 * Issue 31: the user menu says what the tier gives — its discount, priority customer service, bonus
 * points on special occasions — and names the bonus-point days on now or next (ADR 0081).
 */
describe('the tier benefits in the user menu', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names the discount, from gold up priority customer service, and bonus points for all', async () => {
    await i18n.changeLanguage('en');
    const { rerender } = render(<TierBenefits membership={member('bronze', 0)} />);
    expect(benefits()).toEqual(['Bonus points on special occasions']);
    rerender(<TierBenefits membership={member('silver', 1)} />);
    expect(benefits()).toEqual(['1% off every purchase', 'Bonus points on special occasions']);
    rerender(<TierBenefits membership={member('gold', 2)} />);
    expect(benefits()).toEqual([
      '2% off every purchase',
      'Priority customer service',
      'Bonus points on special occasions',
    ]);
  });

  it('in Burmese: Burmese words and digits', async () => {
    await i18n.changeLanguage('my');
    render(<TierBenefits membership={member('platinum', 3)} />);
    expect(benefits()).toEqual([
      'ဝယ်ယူမှုတိုင်း ၃% လျှော့စျေး',
      'ဖောက်သည်ဝန်ဆောင်မှု ဦးစားပေး',
      'အထူးအခါသမယများတွင် အပိုပွိုင့်',
    ]);
  });

  const thadingyut = {
    name: { en: 'Thadingyut', my: 'သီတင်းကျွတ်' },
    start: '2026-10-24',
    end: '2026-10-26',
    multiplier: 2,
  };

  it('names the bonus days: multiplier, name and days, across a month end too', async () => {
    await i18n.changeLanguage('en');
    const { rerender } = render(<BonusDaysText window={thadingyut} />);
    expect(screen.getByTestId('membership-bonus').textContent).toBe(
      '2× points during Thadingyut, 24–26 Oct',
    );
    rerender(
      <BonusDaysText
        window={{ ...thadingyut, start: '2026-10-30', end: '2026-11-02', multiplier: 3 }}
      />,
    );
    expect(screen.getByTestId('membership-bonus').textContent).toBe(
      '3× points during Thadingyut, 30 Oct – 2 Nov',
    );
    rerender(<BonusDaysText window={{ ...thadingyut, end: '2026-10-24' }} />);
    expect(screen.getByTestId('membership-bonus').textContent).toBe(
      '2× points during Thadingyut, 24 Oct',
    );
  });

  it('the bonus days in Burmese: the Burmese name, month and digits, no Latin letter or digit', async () => {
    await i18n.changeLanguage('my');
    const { rerender } = render(<BonusDaysText window={thadingyut} />);
    const text = () => screen.getByTestId('membership-bonus').textContent;
    expect(text()).toBe('သီတင်းကျွတ် (အောက်တိုဘာ ၂၄–၂၆ ရက်) တွင် ပွိုင့် ၂ ဆ');
    rerender(<BonusDaysText window={{ ...thadingyut, start: '2026-10-30', end: '2026-11-02' }} />);
    expect(text()).toBe('သီတင်းကျွတ် (အောက်တိုဘာ ၃၀ ရက် – နိုဝင်ဘာ ၂ ရက်) တွင် ပွိုင့် ၂ ဆ');
    expect(text()).not.toMatch(/[A-Za-z0-9]/);
  });
});
