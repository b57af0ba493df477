import type { AdminBonusDay, AdminBonusDayInput } from '@shop/contracts/admin-bonus-days';
import { bonusDayMessages } from '@shop/contracts/bonus-day-messages';
import { BONUS_DAYS_AHEAD, type BonusDay } from '@shop/contracts/bonus-days';
import { isUuid } from '@shop/contracts/ids';
import { yangonDay, type Clock } from '../../platform/clock.ts';
import { lockForTransaction, type Db, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { createBonusDaysRepo, type BonusDayFields, type BonusDayRow } from './bonus-days.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Every write of the windows takes it: the overlap check and the write cannot interleave. */
const WRITE_LOCK = 'loyalty:bonus-days';

const toBonusDay = (row: BonusDayRow): BonusDay => ({
  name: { en: row.nameEn, my: row.nameMy },
  start: row.startsOn,
  end: row.endsOn,
  multiplier: row.multiplier,
});

const toAdmin = (row: BonusDayRow): AdminBonusDay => ({
  id: row.id,
  ...toBonusDay(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const fieldsOf = (input: AdminBonusDayInput): BonusDayFields => ({
  nameEn: input.name.en,
  nameMy: input.name.my,
  startsOn: input.start,
  endsOn: input.end,
  multiplier: input.multiplier,
});

/** What the audit log keeps of a window, before and after a change. */
export type BonusDayRecord = BonusDay | null;

/** Runs in the write's transaction after the change (the back-office's audit record). */
export type BonusDayChange = (
  tx: Tx,
  change: { id: string; before: BonusDayRecord; after: BonusDayRecord },
) => Promise<void>;

const notFound = () => new AppError('NOT_FOUND', bonusDayMessages.notFound);

/**
 * Bonus-point days (issue 31, ADR 0081): the owner's windows (Yangon dates, inclusive; 2× to 5×),
 * which never overlap, and the multiplier of an instant. Written by the back-office through here,
 * each write under one lock with its audit record (`onChange`) in its transaction.
 */
export function createBonusDaysService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const repo = createBonusDaysRepo(db);

  /** Refuses (409) a window sharing a day with another, naming that one in each language. */
  async function refuseOverlap(tx: Db, input: AdminBonusDayInput, except: string | null) {
    const other = await createBonusDaysRepo(tx).overlapping(input.start, input.end, except);
    if (!other) return;
    const fill = (text: string, name: string) =>
      text
        .replace('{name}', name)
        .replace('{start}', other.startsOn)
        .replace('{end}', other.endsOn);
    throw new AppError('CONFLICT', {
      en: fill(bonusDayMessages.overlap.en, other.nameEn),
      my: fill(bonusDayMessages.overlap.my, other.nameMy),
    });
  }

  /** One write in a transaction under the lock, with its change told to `onChange`. */
  const write = (
    onChange: BonusDayChange | undefined,
    change: (tx: Tx) => Promise<{ before: BonusDayRow | null; after: BonusDayRow | null }>,
  ) =>
    db.transaction(async (tx) => {
      await lockForTransaction(tx, WRITE_LOCK);
      const { before, after } = await change(tx);
      const row = after ?? before;
      if (row)
        await onChange?.(tx, {
          id: row.id,
          before: before && toBonusDay(before),
          after: after && toBonusDay(after),
        });
      return row;
    });

  return {
    /** Every window, by first day (the back-office's list). */
    async list(): Promise<AdminBonusDay[]> {
      return (await repo.all()).map(toAdmin);
    },

    /** The windows on today (Yangon) or starting within BONUS_DAYS_AHEAD days: the public read. */
    async upcoming(): Promise<BonusDay[]> {
      const now = clock();
      const to = yangonDay(new Date(now.getTime() + BONUS_DAYS_AHEAD * DAY_MS));
      return (await repo.between(yangonDay(now), to)).map(toBonusDay);
    },

    /** The multiplier of a payment at `paidAt`: its Yangon day's window's, else 1 (none: 1). */
    async multiplierAt(tx: Db, paidAt: Date | null): Promise<number> {
      if (!paidAt) return 1;
      return (await createBonusDaysRepo(tx).on(yangonDay(paidAt)))?.multiplier ?? 1;
    },

    async create(input: AdminBonusDayInput, onChange?: BonusDayChange): Promise<AdminBonusDay> {
      const row = await write(onChange, async (tx) => {
        await refuseOverlap(tx, input, null);
        return { before: null, after: await createBonusDaysRepo(tx).insert(fieldsOf(input)) };
      });
      if (!row) throw notFound();
      return toAdmin(row);
    },

    async update(
      id: string,
      input: AdminBonusDayInput,
      onChange?: BonusDayChange,
    ): Promise<AdminBonusDay> {
      if (!isUuid(id)) throw notFound();
      const row = await write(onChange, async (tx) => {
        const txRepo = createBonusDaysRepo(tx);
        const before = await txRepo.find(id);
        if (!before) throw notFound();
        await refuseOverlap(tx, input, id);
        return { before, after: await txRepo.update(id, fieldsOf(input), clock()) };
      });
      if (!row) throw notFound();
      return toAdmin(row);
    },

    async remove(id: string, onChange?: BonusDayChange): Promise<void> {
      if (!isUuid(id)) throw notFound();
      await write(onChange, async (tx) => {
        const before = await createBonusDaysRepo(tx).remove(id);
        if (!before) throw notFound();
        return { before, after: null };
      });
    },
  };
}

export type BonusDaysService = ReturnType<typeof createBonusDaysService>;
