import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  staffLoginChallenges,
  staffRecoveryCodes,
  staffSessions,
  staffTotp,
} from './admin.tables.ts';

export type StaffTotpRow = typeof staffTotp.$inferSelect;
export type ChallengeRow = typeof staffLoginChallenges.$inferSelect;

/** The staff sign-in tables (ADR 0033); the only file touching them. */
export function createStaffRepo(db: Db) {
  return {
    async insertChallenge(values: {
      userId: string;
      tokenHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(staffLoginChallenges).values({
        userId: values.userId,
        tokenHash: values.tokenHash,
        createdAt: values.now,
        expiresAt: values.expiresAt,
      });
    },

    async findLiveChallenge(tokenHash: string, now: Date): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .select()
        .from(staffLoginChallenges)
        .where(
          and(
            eq(staffLoginChallenges.tokenHash, tokenHash),
            isNull(staffLoginChallenges.consumedAt),
            gt(staffLoginChallenges.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Takes one of the ticket's tries in a single UPDATE before a code is compared, so parallel
     * guesses cannot all read "no tries yet". Answers 'used' when another request has used the
     * ticket up meanwhile (a sign-in happened: the ticket is gone, not over-tried) and 'exhausted'
     * when no try is left.
     */
    async reserveChallengeAttempt(
      id: string,
      max: number,
    ): Promise<'reserved' | 'used' | 'exhausted'> {
      const rows = await db
        .update(staffLoginChallenges)
        .set({ attempts: sql`${staffLoginChallenges.attempts} + 1` })
        .where(
          and(
            eq(staffLoginChallenges.id, id),
            isNull(staffLoginChallenges.consumedAt),
            lt(staffLoginChallenges.attempts, max),
          ),
        )
        .returning({ id: staffLoginChallenges.id });
      if (rows.length === 1) return 'reserved';
      const [row] = await db
        .select({ consumedAt: staffLoginChallenges.consumedAt })
        .from(staffLoginChallenges)
        .where(eq(staffLoginChallenges.id, id))
        .limit(1);
      return !row || row.consumedAt ? 'used' : 'exhausted';
    },

    /** Uses the ticket up; false when another request did first. */
    async consumeChallenge(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(staffLoginChallenges)
        .set({ consumedAt: now })
        .where(and(eq(staffLoginChallenges.id, id), isNull(staffLoginChallenges.consumedAt)))
        .returning({ id: staffLoginChallenges.id });
      return rows.length === 1;
    },

    async findTotp(userId: string): Promise<StaffTotpRow | undefined> {
      const [row] = await db.select().from(staffTotp).where(eq(staffTotp.userId, userId)).limit(1);
      return row;
    },

    /**
     * A new enrolment: the pending secret and fresh recovery codes replace any earlier unfinished
     * one, in one transaction. Refused (false) once an authenticator is confirmed.
     */
    async startEnrolment(
      userId: string,
      secretEncrypted: string,
      recoveryCodeHashes: string[],
      now: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const stored = await tx
          .insert(staffTotp)
          .values({ userId, secretEncrypted, createdAt: now })
          .onConflictDoUpdate({
            target: staffTotp.userId,
            set: { secretEncrypted, createdAt: now, lastTimeStep: null },
            setWhere: isNull(staffTotp.confirmedAt),
          })
          .returning({ userId: staffTotp.userId });
        if (stored.length === 0) return false;
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
        await tx
          .insert(staffRecoveryCodes)
          .values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
        return true;
      });
    },

    /**
     * Records the time step of an accepted code (and confirms a pending enrolment), only if no
     * code of that step or a later one was accepted before: the same code never signs in twice.
     */
    async acceptTimeStep(userId: string, step: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(staffTotp)
        .set({ lastTimeStep: step, confirmedAt: sql`coalesce(${staffTotp.confirmedAt}, ${now})` })
        .where(
          and(
            eq(staffTotp.userId, userId),
            or(isNull(staffTotp.lastTimeStep), lt(staffTotp.lastTimeStep, step)),
          ),
        )
        .returning({ userId: staffTotp.userId });
      return rows.length === 1;
    },

    /** Marks a recovery code used, if it is the user's and unused; false otherwise. */
    async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(staffRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffRecoveryCodes.userId, userId),
            eq(staffRecoveryCodes.codeHash, codeHash),
            isNull(staffRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      return rows.length === 1;
    },

    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    async insertSession(values: {
      userId: string;
      tokenHash: string;
      now: Date;
      expiresAt: Date;
      address: string;
    }): Promise<void> {
      await db.insert(staffSessions).values({
        userId: values.userId,
        tokenHash: values.tokenHash,
        createdAt: values.now,
        lastSeenAt: values.now,
        expiresAt: values.expiresAt,
        address: values.address,
      });
    },

    /**
     * The session of a token, if it is live: not ended, used within the idle window, before its
     * absolute end. Being asked counts as use (lastSeenAt moves to now), in the same statement, so
     * two instances agree on when a session went idle. Its account is auth's to read.
     */
    async touchSession(tokenHash: string, now: Date, idleSince: Date) {
      const [row] = await db
        .update(staffSessions)
        .set({ lastSeenAt: now })
        .where(
          and(
            eq(staffSessions.tokenHash, tokenHash),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.lastSeenAt, idleSince),
            gt(staffSessions.expiresAt, now),
          ),
        )
        .returning({ sessionId: staffSessions.id, userId: staffSessions.userId });
      return row;
    },

    /**
     * Forgets the second factor and ends every back-office session: the next sign-in enrols a new
     * authenticator (admin:create on an existing staff member, e.g. after a lost phone).
     */
    async resetSecondFactor(userId: string, now: Date): Promise<void> {
      await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
      await db.delete(staffTotp).where(eq(staffTotp.userId, userId));
      await this.endUserSessions(userId, now);
    },

    /** Ends every back-office session of the account (its password changed, its factor reset). */
    async endUserSessions(userId: string, now: Date): Promise<void> {
      await db
        .update(staffSessions)
        .set({ revokedAt: now })
        .where(and(eq(staffSessions.userId, userId), isNull(staffSessions.revokedAt)));
    },

    async endSession(tokenHash: string, now: Date): Promise<void> {
      await db
        .update(staffSessions)
        .set({ revokedAt: now })
        .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)));
    },
  };
}

export type StaffRepo = ReturnType<typeof createStaffRepo>;
