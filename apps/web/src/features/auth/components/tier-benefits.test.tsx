import type { Membership } from '@shop/contracts/auth';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { TierBenefits } from './user-menu-panel.tsx';

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

/** Issue 31: the user menu says what the tier gives — its discount, priority customer service. */
describe('the tier benefits in the user menu', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names the discount and, from gold up, priority customer service', async () => {
    await i18n.changeLanguage('en');
    const { rerender } = render(<TierBenefits membership={member('bronze', 0)} />);
    expect(screen.queryByTestId('membership-benefits')).toBeNull();
    rerender(<TierBenefits membership={member('silver', 1)} />);
    expect(benefits()).toEqual(['1% off every purchase']);
    rerender(<TierBenefits membership={member('gold', 2)} />);
    expect(benefits()).toEqual(['2% off every purchase', 'Priority customer service']);
  });

  it('in Burmese: Burmese words and digits', async () => {
    await i18n.changeLanguage('my');
    render(<TierBenefits membership={member('platinum', 3)} />);
    expect(benefits()).toEqual(['ဝယ်ယူမှုတိုင်း ၃% လျှော့စျေး', 'ဖောက်သည်ဝန်ဆောင်မှု ဦးစားပေး']);
  });
});
