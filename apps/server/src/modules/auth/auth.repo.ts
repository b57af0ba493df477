import { and, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { uniqueViolation, type Db } from '../../platform/db.ts';
import { otpCodes, otpDecoys, refreshFamilies, refreshTokens, users } from './auth.tables.ts';

export type UserRow = typeof users.$inferSelect;
export type FamilyRow = typeof refreshFamilies.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type OtpRow = typeof otpCodes.$inferSelect;
export type OtpPurposeValue = OtpRow['purpose'];
export type OtpChannelValue = OtpRow['channel'];
export type SessionEndReason = NonNullable<FamilyRow['revokedReason']>;

/** An email or phone number an account claims (issue 25, ADR 0046). */
export interface Claim {
  channel: OtpChannelValue;
  target: string;
}
/** Whose codes a check looks at: one account's, or those of every unproved claim of a target. */
export type OtpOwner = { userId: string } | { claimOf: Claim };

/** Postgres foreign_key_violation: the row is still referenced (an order, points, ...). */
function foreignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** Accounts that claim the email or phone without having proved it. */
function unprovedClaim({ channel, target }: Claim): SQL | undefined {
  return channel === 'email'
    ? and(eq(users.email, target), isNull(users.emailVerifiedAt))
    : and(eq(users.phoneNumber, target), isNull(users.phoneVerifiedAt));
}

export function createAuthRepo(db: Db) {
  /**
   * Deletes one account while it is still unverified (`unverified`: the conditions again, so a
   * verification between the select and here keeps it); one that something refers to (orders,
   * points; no cascade) is kept. Answers 1 or 0.
   */
  async function deleteIfUnverified(id: string, unverified: SQL | undefined): Promise<number> {
    try {
      const rows = await db
        .delete(users)
        .where(and(eq(users.id, id), unverified))
        .returning({ id: users.id });
      return rows.length;
    } catch (error) {
      if (!foreignKeyViolation(error)) throw error;
      return 0;
    }
  }

  /** The query for an account's row. */
  const userById = (id: string) => db.select().from(users).where(eq(users.id, id)).limit(1);

  /** The codes of one account, or of every unproved claim of a target. */
  const ownedBy = (owner: OtpOwner) =>
    'userId' in owner
      ? eq(otpCodes.userId, owner.userId)
      : inArray(
          otpCodes.userId,
          db.select({ id: users.id }).from(users).where(unprovedClaim(owner.claimOf)),
        );

  /** The live (unconsumed) codes of an owner on a channel, for the purposes. */
  const liveCodes = (owner: OtpOwner, channel: OtpChannelValue, purposes: OtpPurposeValue[]) =>
    and(
      ownedBy(owner),
      eq(otpCodes.channel, channel),
      inArray(otpCodes.purpose, purposes),
      isNull(otpCodes.consumedAt),
    );

  /** A new account (a staff one with its role and its email counted as proved), or which unique key was taken. */
  async function insertUserRow(
    values: Pick<UserRow, 'name' | 'email' | 'phoneNumber' | 'passwordHash'> &
      Partial<Pick<UserRow, 'role' | 'emailVerifiedAt'>> & { now: Date },
  ): Promise<{ user: UserRow } | { taken: 'email' | 'phone' }> {
    try {
      const [row] = await db
        .insert(users)
        .values({
          name: values.name,
          email: values.email,
          phoneNumber: values.phoneNumber,
          passwordHash: values.passwordHash,
          ...(values.role ? { role: values.role } : {}),
          ...(values.emailVerifiedAt ? { emailVerifiedAt: values.emailVerifiedAt } : {}),
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
  }

  /**
   * Who stands for an email or phone (ADR 0046): the account that proved it, alone, else the
   * accounts that claim it unproved, newest first, at most `limit`.
   */
  async function findClaimants(claim: Claim, limit: number): Promise<UserRow[]> {
    const [column, proved] =
      claim.channel === 'email'
        ? [users.email, users.emailVerifiedAt]
        : [users.phoneNumber, users.phoneVerifiedAt];
    const rows = await db
      .select()
      .from(users)
      .where(eq(column, claim.target))
      .orderBy(sql`${proved} is null`, desc(users.createdAt))
      .limit(limit);
    const holder = rows.find((row) =>
      claim.channel === 'email' ? row.emailVerifiedAt : row.phoneVerifiedAt,
    );
    return holder ? [holder] : rows;
  }

  return {
    /**
     * The account an email stands for: the one that proved it, else the newest unproved claim of
     * it (several accounts may claim an email none of them proved, ADR 0046).
     */
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await findClaimants({ channel: 'email', target: email }, 1);
      return row;
    },

    findClaimants,

    /** The same for a phone number: its proved holder, else its newest unproved claim. */
    async findUserByPhone(phoneNumber: string): Promise<UserRow | undefined> {
      const [row] = await findClaimants({ channel: 'sms', target: phoneNumber }, 1);
      return row;
    },

    /**
     * The account's row, locked until the caller's transaction ends (blocking, issue 17). FOR NO
     * KEY UPDATE, not FOR UPDATE: rows that reference the account (a points entry written by a
     * checkout holding the loyalty account) take FOR KEY SHARE on it, which FOR UPDATE would block,
     * a deadlock with a points adjustment that holds this and waits for the loyalty account.
     */
    async lockUser(id: string): Promise<UserRow | undefined> {
      const [row] = await userById(id).for('no key update');
      return row;
    },

    /** Sets (reason given) or lifts (null) an account's block. */
    async setBlocked(id: string, block: { reason: string } | null, now: Date): Promise<void> {
      await db
        .update(users)
        .set({
          blockedAt: block ? now : null,
          blockedReason: block ? block.reason : null,
          updatedAt: now,
        })
        .where(eq(users.id, id));
    },

    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await userById(id);
      return row;
    },

    /** Answers the new row, or which unique key was taken. */
    insertUser: (
      values: Pick<UserRow, 'name' | 'email' | 'phoneNumber' | 'passwordHash'> & { now: Date },
    ) => insertUserRow(values),

    /**
     * Deletes accounts that never proved their email or phone and were made before `cutoff`:
     * those holding `holding` (an email or phone a new sign-up wants), or any (the sweep), at
     * most `limit`. An account something else refers to (orders, points) is kept. Answers how
     * many were deleted.
     */
    async deleteUnverifiedUsers(
      cutoff: Date,
      holding: { email: string; phoneNumber: string } | null,
      limit: number,
    ): Promise<number> {
      const unverified = and(
        isNull(users.emailVerifiedAt),
        isNull(users.phoneVerifiedAt),
        lte(users.createdAt, cutoff),
      );
      const candidates = await db
        .select({ id: users.id })
        .from(users)
        .where(
          holding
            ? and(
                unverified,
                or(eq(users.email, holding.email), eq(users.phoneNumber, holding.phoneNumber)),
              )
            : unverified,
        )
        .orderBy(users.createdAt)
        .limit(limit);
      let deleted = 0;
      for (const { id } of candidates) deleted += await deleteIfUnverified(id, unverified);
      return deleted;
    },

    /**
     * Marks the account's email or phone proved. Only one account may hold a proved email or
     * phone (partial unique indexes, ADR 0046): answers false when another account proved it
     * first, also when both prove it at the same moment, and when the account is gone (dropped
     * by another claimant's proof between the code check and here).
     */
    async markVerified(userId: string, channel: OtpChannelValue, now: Date): Promise<boolean> {
      try {
        const rows = await db
          .update(users)
          .set(
            channel === 'email'
              ? { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now }
              : {
                  phoneVerifiedAt: sql`coalesce(${users.phoneVerifiedAt}, ${now})`,
                  updatedAt: now,
                },
          )
          .where(eq(users.id, userId))
          .returning({ id: users.id });
        return rows.length === 1;
      } catch (error) {
        if (uniqueViolation(error) === null) throw error;
        return false;
      }
    },

    /**
     * Whether an account other than `userId` claims the target without having proved it.
     */
    async hasOtherClaim(claim: Claim, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(unprovedClaim(claim), ne(users.id, userId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * After `winnerId` proved the target: the other unproved claims of it are dropped. Their
     * codes on that channel die, and a claimant that has now proved neither its email nor its
     * phone is deleted (unless something refers to it; the sweep tries again). A claimant that
     * proved its other channel keeps its account; the claim it keeps in its row holds nothing,
     * as only a proved email or phone is looked up. Answers how many accounts were deleted.
     */
    async dropOtherClaims(claim: Claim, winnerId: string): Promise<number> {
      const losers = db
        .select({ id: users.id })
        .from(users)
        .where(and(unprovedClaim(claim), ne(users.id, winnerId)));
      await db
        .delete(otpCodes)
        .where(and(eq(otpCodes.channel, claim.channel), inArray(otpCodes.userId, losers)));
      const unverified = and(isNull(users.emailVerifiedAt), isNull(users.phoneVerifiedAt));
      const ids = await db
        .select({ id: users.id })
        .from(users)
        .where(and(unprovedClaim(claim), ne(users.id, winnerId), unverified));
      let deleted = 0;
      for (const { id } of ids) deleted += await deleteIfUnverified(id, unverified);
      return deleted;
    },

    /**
     * A staff account made by `npm run admin:create` (ADR 0033): its email counts as proved (an
     * operator gave it), so the sweep of unverified accounts never takes it. Answers the row, or
     * which unique key was taken.
     */
    insertStaffUser: (
      values: Pick<UserRow, 'name' | 'email' | 'phoneNumber' | 'passwordHash' | 'role'> & {
        now: Date;
      },
    ) => insertUserRow({ ...values, emailVerifiedAt: values.now }),

    /** Gives an existing account a role and a new password (its email now counts as proved). */
    async setRoleAndPassword(
      userId: string,
      role: UserRow['role'],
      passwordHash: string,
      now: Date,
    ): Promise<void> {
      await db
        .update(users)
        .set({
          role,
          passwordHash,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
          updatedAt: now,
        })
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

    /** Live (unconsumed) codes of an account or of a target's claims on a channel, for the purposes. */
    async findLiveOtps(
      owner: OtpOwner,
      channel: OtpChannelValue,
      purposes: OtpPurposeValue[],
    ): Promise<OtpRow[]> {
      return db
        .select()
        .from(otpCodes)
        .where(liveCodes(owner, channel, purposes));
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

    /**
     * Where an address has no account, the call still does the committed upsert an account's code
     * takes (ADR 0014), into one of a few overwritten decoy slots.
     */
    async writeOtpDecoy(slot: number, codeHash: string, now: Date): Promise<void> {
      await db
        .insert(otpDecoys)
        .values({ slot, codeHash, lastSentAt: now })
        .onConflictDoUpdate({
          target: otpDecoys.slot,
          set: { codeHash, lastSentAt: now },
        });
    },

    /**
     * Reserves one comparison on every live code of the owner (an account, or every unproved claim
     * of a target) on the channel for the purposes:
     * counts the try and answers the reserved rows (with the new count) in one statement, so that
     * however many requests run at once, no code is ever compared more than `maxAttempts` times.
     */
    async reserveOtpAttempts(
      owner: OtpOwner,
      channel: OtpChannelValue,
      purposes: OtpPurposeValue[],
      now: Date,
      maxAttempts: number,
    ): Promise<OtpRow[]> {
      return db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(
          and(
            liveCodes(owner, channel, purposes),
            gt(otpCodes.expiresAt, now),
            lt(otpCodes.attempts, maxAttempts),
          ),
        )
        .returning();
    },

    /** Gives back the tries reserveOtpAttempts took on codes that were then not compared. */
    async releaseOtpAttempts(ids: string[]): Promise<void> {
      if (!ids.length) return;
      await db
        .update(otpCodes)
        .set({ attempts: sql`greatest(${otpCodes.attempts} - 1, 0)` })
        .where(inArray(otpCodes.id, ids));
    },

    /**
     * Single use: only the first of two racing verifications wins, and only while the row still
     * holds the code that was compared (a resend in between replaces it).
     */
    async consumeOtp(id: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(
          and(eq(otpCodes.id, id), eq(otpCodes.codeHash, codeHash), isNull(otpCodes.consumedAt)),
        )
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

    /**
     * A session with whether its account is blocked, in one query: each signed-in request reads
     * it, and a login that raced a block must not leave a live session behind (issue 17).
     */
    async findFamilyOfRequest(
      id: string,
    ): Promise<(FamilyRow & { accountBlocked: boolean }) | undefined> {
      const [row] = await db
        .select({ family: refreshFamilies, blockedAt: users.blockedAt })
        .from(refreshFamilies)
        .innerJoin(users, eq(users.id, refreshFamilies.userId))
        .where(eq(refreshFamilies.id, id))
        .limit(1);
      return row && { ...row.family, accountBlocked: row.blockedAt !== null };
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
