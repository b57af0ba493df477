import type { Membership } from '@shop/contracts/auth';
import { checkoutMessages } from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { createBonusDaysService } from './bonus-days.service.ts';
import { createLoyaltyRepo } from './loyalty.repo.ts';

type LoyaltyConfig = Config['loyalty'];

/** Points to give back to an account for an order. */
type PointsCredit = { userId: string; orderId: string; points: number };

/**
 * Gives back points for an order once per `kind`, in the caller's transaction: locks the account,
 * gives nothing when the order has an entry of that kind already, else `allowed` points (its
 * answer; nothing when that is 0 or less). Answers the points given.
 */
async function creditOnce(
  tx: Db,
  entry: PointsCredit,
  kind: 'refund' | 'refund_checked',
  allowed: (loyalty: ReturnType<typeof createLoyaltyRepo>) => Promise<number>,
): Promise<number> {
  if (entry.points <= 0) return 0;
  const loyalty = createLoyaltyRepo(tx);
  const account = await loyalty.lockAccount(entry.userId);
  if (await loyalty.hasEntry(entry.orderId, kind)) return 0;
  const points = await allowed(loyalty);
  if (points <= 0) return 0;
  await loyalty.apply({
    userId: entry.userId,
    orderId: entry.orderId,
    kind,
    points,
    balanceAfter: account.balance + points,
    earned: 0,
  });
  return points;
}

/** The tier of a points total, with the bounds the spec's Membership answer carries. */
export function tierFor(config: LoyaltyConfig, tierPoints: number) {
  const { tiers } = config;
  let index = 0;
  tiers.forEach((tier, i) => {
    if (tierPoints >= tier.minPoints) index = i;
  });
  const tier = tiers[index] ?? { name: 'bronze' as const, minPoints: 0, discountPercent: 0 };
  const next = tiers[index + 1] ?? null;
  return { tier, next };
}

export function membershipOf(
  config: LoyaltyConfig,
  account: { balance: number; lifetimeEarned: number } | null,
): Membership {
  const balance = account?.balance ?? 0;
  const tierPoints = account?.lifetimeEarned ?? 0;
  const { tier, next } = tierFor(config, tierPoints);
  return {
    pointsBalance: balance,
    tierPoints,
    currentTier: {
      name: tier.name,
      minPoints: tier.minPoints,
      maxPoints: next?.minPoints ?? null,
      isHighestTier: next === null,
    },
    nextTier: next?.name ?? null,
    pointsToNextTier: next ? next.minPoints - tierPoints : null,
    tierDiscountPercent: tier.discountPercent,
    pointsPer1000Mmk: config.pointsPer1000Mmk,
    pointValueMmk: config.pointValueMmk,
  };
}

/**
 * A staff member adds (points > 0) or takes (points < 0) points with a reason (issue 17), in the
 * caller's transaction with the account row locked, so two adjustments at once are applied one
 * after the other. A deduction below zero writes no entry and answers the balance (the caller
 * rolls its transaction back). Needs no loyalty settings, so the back-office calls it directly.
 */
export async function adjustPointsByStaff(
  tx: Db,
  entry: { userId: string; points: number; reason: string; actorId: string },
): Promise<{ ok: true; before: number; after: number } | { ok: false; balance: number }> {
  const loyalty = createLoyaltyRepo(tx);
  const account = await loyalty.lockAccount(entry.userId);
  const after = account.balance + entry.points;
  if (after < 0) return { ok: false, balance: account.balance };
  await loyalty.adjust({ ...entry, balanceAfter: after });
  return { ok: true, before: account.balance, after };
}

/**
 * Loyalty (shopping spec §1, §3 Membership; DESIGN §6): points earned on completed orders, tiers
 * and their discount, payment by points. Every balance change is a ledger entry unique per order
 * and kind, written in the caller's transaction (fulfilment, checkout) with the account locked.
 */
export function createLoyaltyService(deps: { db: Db; config: LoyaltyConfig; clock: Clock }) {
  const { config } = deps;
  const repo = createLoyaltyRepo(deps.db);
  const bonusDays = createBonusDaysService({ db: deps.db, clock: deps.clock });

  return {
    /** The owner's bonus-point days (ADR 0081): the back-office's list and writes, the public read. */
    bonusDays,

    async membership(userId: string): Promise<Membership> {
      return membershipOf(config, await repo.account(userId));
    },

    /** The percent off this member gets now, and the kyat it takes off `amount` (rounded down). */
    async tierDiscount(
      userId: string,
      amountMmk: number,
    ): Promise<{ percent: number; mmk: number }> {
      const { tier } = tierFor(config, (await repo.account(userId))?.lifetimeEarned ?? 0);
      const percent = tier.discountPercent;
      return { percent, mmk: Math.floor((amountMmk * percent) / 100) };
    },

    /** Points a paid amount earns: pointsPer1000Mmk for each full 1,000 MMK… pro rata, rounded down. */
    pointsEarnedFor(paidMmk: number): number {
      return Math.floor((paidMmk * config.pointsPer1000Mmk) / 1000);
    },

    /** Points that pay for an amount (rounded up: points never pay for less than the price). */
    pointsNeededFor(amountMmk: number): number {
      return Math.ceil(amountMmk / config.pointValueMmk);
    },

    /**
     * Credits what an order's delivered part earns (DESIGN §6.4, ADR 0051): `paidMmk` is what was
     * paid for the lines delivered so far, and only what it earns beyond the order's earlier earn
     * entries is added (read with the account locked), so a second call for the same part adds
     * nothing and a line delivered later adds its share. Paid (`paidAt`, its Yangon day) in bonus
     * days, the points are multiplied (ADR 0081); a later entry takes the order's first entry's
     * multiplier, so a window edited or deleted since changes nothing already earned or still due.
     * Answers the points added.
     */
    async creditOrder(
      tx: Db,
      entry: { userId: string; orderId: string; paidMmk: number; paidAt: Date | null },
    ) {
      const base = this.pointsEarnedFor(entry.paidMmk);
      const loyalty = createLoyaltyRepo(tx);
      if (base <= 0) return 0;
      const account = await loyalty.lockAccount(entry.userId);
      const multiplier =
        (await loyalty.earnMultiplier(entry.orderId)) ??
        (await bonusDays.multiplierAt(tx, entry.paidAt));
      const points = base * multiplier - (await loyalty.sumPoints(entry.orderId, 'earn'));
      if (points <= 0) return 0;
      await loyalty.apply({
        userId: entry.userId,
        orderId: entry.orderId,
        kind: 'earn',
        points,
        balanceAfter: account.balance + points,
        earned: points,
        multiplier,
      });
      return points;
    },

    /** Pays an order with points, or refuses with the balance (409) and changes nothing. */
    async redeemForOrder(
      tx: Db,
      entry: { userId: string; orderId: string; points: number },
      lang: Language,
    ): Promise<void> {
      const loyalty = createLoyaltyRepo(tx);
      const account = await loyalty.lockAccount(entry.userId);
      if (await loyalty.hasEntry(entry.orderId, 'redeem')) return;
      if (account.balance < entry.points)
        throw new AppError(
          'CONFLICT',
          checkoutMessages.insufficientPoints[lang]
            .replace('{needed}', String(entry.points))
            .replace('{balance}', String(account.balance)),
        );
      await loyalty.apply({
        userId: entry.userId,
        orderId: entry.orderId,
        kind: 'redeem',
        points: -entry.points,
        balanceAfter: account.balance - entry.points,
        earned: 0,
      });
    },

    /** Gives back points of an undelivered part of a points order, once, at most those redeemed. */
    async refundPoints(tx: Db, entry: PointsCredit) {
      return creditOnce(tx, entry, 'refund', async (loyalty) => {
        // Never more than the order's redeem entry took (nothing without one): no points from air.
        const redeemed = -((await loyalty.entryPoints(entry.orderId, 'redeem')) ?? 0);
        return Math.min(entry.points, redeemed);
      });
    },

    /**
     * Gives back, once, the points of a points order's unconfirmed top-ups after support checked
     * that they did not arrive (ADR 0020): at most what was redeemed and not yet refunded.
     */
    async refundCheckedPoints(tx: Db, entry: PointsCredit) {
      return creditOnce(tx, entry, 'refund_checked', async (loyalty) => {
        const redeemed = -((await loyalty.entryPoints(entry.orderId, 'redeem')) ?? 0);
        const refunded = (await loyalty.entryPoints(entry.orderId, 'refund')) ?? 0;
        return Math.min(entry.points, redeemed - refunded);
      });
    },

    /**
     * Gives the buyer of an order paid in money its refund as points instead, once (staff chose
     * it in the back-office, issue 17). Such an order redeemed nothing, so its `refund` entry is
     * free; a points order's refunds go through refundPoints and refundCheckedPoints instead.
     */
    async refundAsPoints(tx: Db, entry: PointsCredit) {
      return creditOnce(tx, entry, 'refund', async (loyalty) =>
        (await loyalty.entryPoints(entry.orderId, 'redeem')) === null ? entry.points : 0,
      );
    },
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
