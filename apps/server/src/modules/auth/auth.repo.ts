import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { otpCodes, refreshFamilies, refreshTokens, users } from './auth.tables.ts';

export type UserRow = typeof users.$inferSelect;
export type FamilyRow = typeof refreshFamilies.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type OtpRow = typeof otpCodes.$inferSelect;
export type OtpPurposeValue = OtpRow['purpose'];
export type OtpChannelValue = OtpRow['channel'];
export type SessionEndReason = NonNullable<FamilyRow['revokedReason']>;

/** Postgres unique_violation, the same on PGlite and node-postgres (possibly wrapped by Drizzle). */
function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

export function createAuthRepo(db: Db) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findUserByPhone(phoneNumber: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(users.phoneNumber, phoneNumber))
        .limit(1);
      return row;
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Answers the new row, or which unique key was taken. */
    async insertUser(
      values: Pick<UserRow, 'name' | 'email' | 'phoneNumber' | 'passwordHash'> & { now: Date },
    ): Promise<{ user: UserRow } | { taken: 'email' | 'phone' }> {
      try {
        const [row] = await db
          .insert(users)
          .values({
            name: values.name,
            email: values.email,
            phoneNumber: values.phoneNumber,
            passwordHash: values.passwordHash,
            createdAt: values.now,
            updatedAt: values.now,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return { user: row };
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        return { taken: constraint.includes('phone') ? 'phone' : 'email' };
      }
    },

    async markVerified(userId: string, channel: OtpChannelValue, now: Date): Promise<void> {
      await db
        .update(users)
        .set(
          channel === 'email'
            ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now }
            : { phoneVerifiedAt: sql`coalesce(${users.phoneVerifiedAt}, ${now})`, updatedAt: now },
        )
        .where(eq(users.id, userId));
    },

    async updatePasswordHash(userId: string, passwordHash: string, now: Date): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    },

    // ------------------------------------------------------------ OTP

    async findOtp(
      userId: string,
      channel: OtpChannelValue,
      purpose: OtpPurposeValue,
    ): Promise<OtpRow | undefined> {
      const [row] = await db
        .select()
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.userId, userId),
            eq(otpCodes.channel, channel),
            eq(otpCodes.purpose, purpose),
          ),
        )
        .limit(1);
      return row;
    },

    /** Live (unconsumed) codes of a user on a channel, for any of the purposes. */
    async findLiveOtps(
      userId: string,
      channel: OtpChannelValue,
      purposes: OtpPurposeValue[],
    ): Promise<OtpRow[]> {
      return db
        .select()
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.userId, userId),
            eq(otpCodes.channel, channel),
            inArray(otpCodes.purpose, purposes),
            isNull(otpCodes.consumedAt),
          ),
        );
    },

    /**
     * Stores a fresh code, replacing the previous one of the same user, channel and purpose, unless
     * that one was sent after `cooldownSince` (then nothing changes and that row is answered).
     */
    async upsertOtp(values: {
      userId: string;
      channel: OtpChannelValue;
      purpose: OtpPurposeValue;
      codeHash: string;
      now: Date;
      expiresAt: Date;
      cooldownSince: Date;
    }): Promise<{ stored: true } | { stored: false; lastSentAt: Date }> {
      const rows = await db
        .insert(otpCodes)
        .values({
          userId: values.userId,
          channel: values.channel,
          purpose: values.purpose,
          codeHash: values.codeHash,
          createdAt: values.now,
          lastSentAt: values.now,
          expiresAt: values.expiresAt,
        })
        .onConflictDoUpdate({
          target: [otpCodes.userId, otpCodes.channel, otpCodes.purpose],
          set: {
            codeHash: values.codeHash,
            attempts: 0,
            createdAt: values.now,
            lastSentAt: values.now,
            expiresAt: values.expiresAt,
            consumedAt: null,
          },
          // The cooldown check is part of the write, so two quick requests cannot both send.
          setWhere: sql`${otpCodes.lastSentAt} <= ${values.cooldownSince}`,
        })
        .returning({ id: otpCodes.id });
      if (rows.length) return { stored: true };
      const existing = await this.findOtp(values.userId, values.channel, values.purpose);
      return { stored: false, lastSentAt: existing?.lastSentAt ?? values.now };
    },

    /** Counts a wrong guess; answers the attempts now recorded. */
    async addOtpAttempt(id: string): Promise<number> {
      const [row] = await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(eq(otpCodes.id, id))
        .returning({ attempts: otpCodes.attempts });
      return row?.attempts ?? Number.MAX_SAFE_INTEGER;
    },

    /** Single use: only the first of two racing verifications wins. */
    async consumeOtp(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
        .returning({ id: otpCodes.id });
      return rows.length === 1;
    },

    // ------------------------------------------------------------ refresh tokens

    async createFamily(userId: string, now: Date, expiresAt: Date): Promise<FamilyRow> {
      const [row] = await db
        .insert(refreshFamilies)
        .values({ userId, createdAt: now, expiresAt })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findFamily(id: string): Promise<FamilyRow | undefined> {
      const [row] = await db
        .select()
        .from(refreshFamilies)
        .where(eq(refreshFamilies.id, id))
        .limit(1);
      return row;
    },

    async insertRefreshToken(values: {
      familyId: string;
      tokenHash: string;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(refreshTokens).values({
        familyId: values.familyId,
        tokenHash: values.tokenHash,
        createdAt: values.now,
        expiresAt: values.expiresAt,
      });
    },

    async findRefreshToken(
      tokenHash: string,
    ): Promise<{ token: RefreshTokenRow; family: FamilyRow } | undefined> {
      const [row] = await db
        .select({ token: refreshTokens, family: refreshFamilies })
        .from(refreshTokens)
        .innerJoin(refreshFamilies, eq(refreshFamilies.id, refreshTokens.familyId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** Marks the token used if nobody did yet; answers whether this call was first. */
    async markRefreshTokenUsed(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async revokeFamily(id: string, reason: SessionEndReason, now: Date): Promise<void> {
      await db
        .update(refreshFamilies)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(refreshFamilies.id, id), isNull(refreshFamilies.revokedAt)));
    },

    /** Ends every live session of a user, except `keep` when given. */
    async revokeUserFamilies(
      userId: string,
      reason: SessionEndReason,
      now: Date,
      keep?: string,
    ): Promise<void> {
      const where = [eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)];
      if (keep) where.push(ne(refreshFamilies.id, keep));
      await db
        .update(refreshFamilies)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(...where));
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
