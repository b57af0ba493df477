import type { Membership } from '@shop/contracts/auth';
import { describe, expect, it } from 'vitest';
import { tierProgressPercent } from './user-menu-panel.tsx';

const membership = (patch: Partial<Membership> & { maxPoints?: number | null }): Membership => {
  const { maxPoints = 1000, ...rest } = patch;
  return {
    pointsBalance: 0,
    tierPoints: 0,
    currentTier: { name: 'bronze', minPoints: 0, maxPoints, isHighestTier: maxPoints === null },
    nextTier: maxPoints === null ? null : 'silver',
    pointsToNextTier: maxPoints === null ? null : maxPoints,
    tierDiscountPercent: 0,
    pointsPer1000Mmk: 1,
    pointValueMmk: 1,
    ...rest,
  };
};

describe('loyalty progress (shopping spec §5)', () => {
  it("is points / the tier's maxPoints", () => {
    expect(tierProgressPercent(membership({ tierPoints: 250 }))).toBe(25);
    expect(tierProgressPercent(membership({ tierPoints: 0 }))).toBe(0);
  });

  it('is capped at 100 %', () => {
    expect(tierProgressPercent(membership({ tierPoints: 5000 }))).toBe(100);
  });

  it('is full at the highest tier', () => {
    expect(tierProgressPercent(membership({ tierPoints: 9000, maxPoints: null }))).toBe(100);
  });
});
