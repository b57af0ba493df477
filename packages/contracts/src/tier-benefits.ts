import type { MembershipTierName } from './auth.ts';

// Apart from auth.ts, whose schemas bring the schema library: the user menu asks this on every page.

/**
 * The tiers whose customers support answers first (shopping spec §1: "priority customer service",
 * a tier benefit): the back-office shows it on their orders and account (issue 31).
 */
export const prioritySupportTiers = [
  'gold',
  'platinum',
] as const satisfies readonly MembershipTierName[];
export const hasPrioritySupport = (tier: MembershipTierName): boolean =>
  (prioritySupportTiers as readonly string[]).includes(tier);
