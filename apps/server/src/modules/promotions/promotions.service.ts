import { adminMessages, promoLimitBelowRedeemedText } from '@shop/contracts/admin-messages';
import { promoCodePattern, type PromoState } from '@shop/contracts/admin-promo';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import type { LocalizedText } from '@shop/contracts/i18n';
import { promoMessages, promoMinimumSpendMessage } from '@shop/contracts/promo-messages';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation, type Db, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  createPromotionsRepo,
  type PromoCodeChange,
  type PromoCodeRow,
} from './promotions.repo.ts';

/** A promo code as stored, for the back-office (the module's public type). */
export type { PromoCodeRow } from './promotions.repo.ts';

/** Letters, digits, "-" and "_": what a customer can read off a flyer and type. */
const CODE_PATTERN = promoCodePattern;

const codeTaken = () =>
  new AppError('CONFLICT', adminMessages.promoCodeTaken, { code: adminMessages.promoCodeTaken });

/** A code's state at `now`: expired, then switched off, then not started, else active. */
export function promoStateAt(row: PromoCodeRow, now: Date): PromoState {
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return 'expired';
  if (!row.active) return 'inactive';
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return 'scheduled';
  return 'active';
}

/** What the back-office may change on a code, as the audit log records it. */
export type PromoEditable = { active: boolean; endsAt: string | null; totalLimit: number | null };
const editable = (row: PromoCodeRow): PromoEditable => ({
  active: row.active,
  endsAt: row.endsAt?.toISOString() ?? null,
  totalLimit: row.totalLimit,
});

/** What a code promises and to how many: the terms fixed when it went out, and its limits. */
export const promoTerms = (row: PromoCodeRow) => ({
  code: row.code,
  kind: row.kind,
  value: row.value,
  minimumSpendMmk: row.minimumSpendMmk,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  totalLimit: row.totalLimit,
  perCustomerLimit: row.perCustomerLimit,
});

/** A code as the audit log records its creation. */
export const promoRecord = (row: PromoCodeRow) => ({
  ...promoTerms(row),
  categoryIds: row.categoryIds,
  active: row.active,
});

export type PromoKind = PromoCodeRow['kind'];

/**
 * The discount on `eligibleMmk` kyat (integer kyat, DESIGN §4): a percentage rounded down to whole
 * kyat (as the tier discount; the shop never gives more than the percent it names), a fixed amount
 * never more than the eligible lines cost (so never a total below 0).
 */
export function promoDiscountMmk(kind: PromoKind, value: number, eligibleMmk: number): number {
  if (eligibleMmk <= 0) return 0;
  const off = kind === 'percent' ? Math.floor((eligibleMmk * value) / 100) : value;
  return Math.max(0, Math.min(off, eligibleMmk));
}

/** A line of the cart as a code sees it. */
export interface PromoLine {
  categoryId: string;
  lineTotalMmk: number;
}

export interface PromoQuote {
  promoCodeId: string;
  /** The code as the shop wrote it. */
  code: string;
  discountMmk: number;
}

export interface NewPromoCodeInput {
  code: string;
  kind: PromoKind;
  value: number;
  minimumSpendMmk?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  totalLimit?: number | null;
  perCustomerLimit?: number | null;
  categoryIds?: string[] | null;
  active?: boolean;
}

const refuse = (code: 'VALIDATION_ERROR' | 'CONFLICT', text: LocalizedText) =>
  new AppError(code, text, { promoCode: text });

/** A code as stored: in upper case, however it was typed (issue 26; lookups ignore case too). */
export const storedPromoCode = (code: string) => code.toUpperCase();

const insert = (repo: ReturnType<typeof createPromotionsRepo>, input: NewPromoCodeInput) =>
  repo.insertCode({
    code: storedPromoCode(input.code),
    kind: input.kind,
    value: input.value,
    minimumSpendMmk: input.minimumSpendMmk ?? 0,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    totalLimit: input.totalLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    categoryIds: input.categoryIds ?? null,
    active: input.active ?? true,
  });

/**
 * Promo codes (issue 17, ADR 0035): made by `createCode` (tests, the demo data, the back-office's
 * POST /api/v1/admin/promo-codes), changed by `editCode` (the back-office), quoted at checkout against the cart, and redeemed in the checkout's transaction.
 */
export function createPromotionsService(deps: { db: Db; clock: Clock }) {
  const repo = createPromotionsRepo(deps.db);

  return {
    /**
     * A new code. With `written` (the back-office), the insert and whatever `written` does with the
     * new row (its audit record) share one transaction; a code that exists in any letter case is a
     * 409 either way, also when two creations race (the unique index decides).
     */
    async createCode(
      input: NewPromoCodeInput,
      written?: (tx: Tx, row: PromoCodeRow) => Promise<void>,
    ): Promise<PromoCodeRow> {
      if (!CODE_PATTERN.test(input.code))
        throw new Error(`promo code "${input.code}" is not valid`);
      if (!Number.isInteger(input.value) || input.value <= 0)
        throw new Error('promo value must be a whole number above 0');
      if (input.kind === 'percent' && input.value > 100)
        throw new Error('a percent promo is at most 100');
      try {
        if (!written) return await insert(repo, input);
        return await repo.transaction(async (tx) => {
          const txRepo = createPromotionsRepo(tx);
          if (await txRepo.findByCode(input.code)) throw codeTaken();
          const row = await insert(txRepo, input);
          await written(tx, row);
          return row;
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw codeTaken();
        throw e;
      }
    },

    /** The back-office list (ADR 0035): part of the code, a state now; newest first. */
    async listCodes(query: {
      q: string | undefined;
      state: PromoState | undefined;
      offset: number;
      limit: number;
    }) {
      const now = deps.clock();
      const { rows, total } = await repo.listCodes({ ...query, now });
      return { rows, total, now };
    },

    /**
     * Switches a code on or off, moves its end, changes its total limit, under the row's lock
     * (a checkout taking a use waits, so the count read here is the count): the end must stay after
     * the start, the limit at or above the uses the code has. `written` runs in the transaction
     * with before and after (the audit record: both commit or neither). Unknown id: 404.
     */
    async editCode(
      id: string,
      change: PromoCodeChange,
      written: (tx: Tx, before: PromoEditable, after: PromoEditable) => Promise<void>,
    ): Promise<PromoCodeRow> {
      return repo.transaction(async (tx) => {
        const txRepo = createPromotionsRepo(tx);
        const current = await txRepo.lockById(id);
        if (!current) throw new AppError('NOT_FOUND', adminMessages.promoNotFound);
        const endsAt = change.endsAt === undefined ? current.endsAt : change.endsAt;
        if (endsAt && current.startsAt && endsAt.getTime() <= current.startsAt.getTime())
          throw new AppError('VALIDATION_ERROR', adminSchemaMessages.promoEndAfterStart, {
            endsAt: adminSchemaMessages.promoEndAfterStart,
          });
        if (
          change.totalLimit !== undefined &&
          change.totalLimit !== null &&
          change.totalLimit < current.redeemedCount
        ) {
          const text = promoLimitBelowRedeemedText(current.redeemedCount);
          throw new AppError('CONFLICT', text, { totalLimit: text });
        }
        const row = await txRepo.updateCode(id, change);
        await written(tx, editable(current), editable(row));
        return row;
      });
    },

    async findCode(code: string): Promise<PromoCodeRow | null> {
      return CODE_PATTERN.test(code) ? repo.findByCode(code) : null;
    },

    /**
     * What the code takes off these lines, or the reason it cannot be used (a translated 4xx):
     * unknown (or switched off), not started, expired, not for these items, minimum spend not
     * reached. The limits are checked when the code is redeemed (`redeem`), in the order's
     * transaction: the customer's own open order may hold the code and be replaced by this one.
     */
    async quote(code: string, lines: PromoLine[]): Promise<PromoQuote> {
      const promo = CODE_PATTERN.test(code) ? await repo.findByCode(code) : null;
      if (!promo || !promo.active) throw refuse('VALIDATION_ERROR', promoMessages.unknown);
      const now = deps.clock().getTime();
      if (promo.startsAt && now < promo.startsAt.getTime())
        throw refuse('VALIDATION_ERROR', promoMessages.notStarted);
      if (promo.endsAt && now >= promo.endsAt.getTime())
        throw refuse('VALIDATION_ERROR', promoMessages.expired);
      const allowed = promo.categoryIds;
      const eligible = allowed ? lines.filter((l) => allowed.includes(l.categoryId)) : lines;
      if (eligible.length === 0) throw refuse('VALIDATION_ERROR', promoMessages.notApplicable);
      const eligibleMmk = eligible.reduce((n, l) => n + l.lineTotalMmk, 0);
      if (eligibleMmk < promo.minimumSpendMmk)
        throw refuse('VALIDATION_ERROR', {
          en: promoMinimumSpendMessage(promo.minimumSpendMmk, 'en'),
          my: promoMinimumSpendMessage(promo.minimumSpendMmk, 'my'),
        });
      return {
        promoCodeId: promo.id,
        code: promo.code,
        discountMmk: promoDiscountMmk(promo.kind, promo.value, eligibleMmk),
      };
    },

    /**
     * Records that a new order uses the code, in the order's transaction `tx` (checkouts of one
     * customer are serialised by the caller, so the per-customer count cannot race; the total count
     * is a conditional UPDATE, which cannot either). Throws "already used by you" or "used up"; the
     * caller's transaction is then rolled back with the order.
     */
    async redeem(
      tx: Db,
      use: { promoCodeId: string; orderId: string; userId: string; discountMmk: number },
    ): Promise<void> {
      const txRepo = createPromotionsRepo(tx);
      const promo = await txRepo.findById(use.promoCodeId);
      if (!promo) throw refuse('VALIDATION_ERROR', promoMessages.unknown);
      if (
        promo.perCustomerLimit !== null &&
        (await txRepo.heldBy(promo.id, use.userId)) >= promo.perCustomerLimit
      )
        throw refuse('CONFLICT', promoMessages.alreadyUsed);
      if (!(await txRepo.takeUse(promo.id))) throw refuse('CONFLICT', promoMessages.usedUp);
      await txRepo.insertRedemption({
        promoCodeId: promo.id,
        orderId: use.orderId,
        userId: use.userId,
        discountMmk: use.discountMmk,
        createdAt: deps.clock(),
      });
    },

    /** Orders that ended unpaid (cancelled, replaced, abandoned) give their code's use back. */
    async release(tx: Db, orderIds: string[]): Promise<number> {
      return createPromotionsRepo(tx).release(orderIds, deps.clock());
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
