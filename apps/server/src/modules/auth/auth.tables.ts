import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtNow, moment, primaryId, updatedAtNow, uuidRef } from '../../platform/columns.ts';

/** Customers are `user`; back-office staff are `support` or `admin` (issue 17, ADR 0033). */
export const userRole = pgEnum('user_role', ['user', 'support', 'admin']);

export const users = pgTable(
  'users',
  {
    id: primaryId(),
    name: text('name').notNull(),
    /** Trimmed and lower-cased by the contract before it gets here. */
    email: text('email').notNull(),
    /** 95 form without the leading 0 (account spec §5), e.g. 959250000000. */
    phoneNumber: text('phone_number').notNull(),
    /** argon2id PHC string (DESIGN §5: m=19456, t=2, p=1). */
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull().default('user'),
    emailVerifiedAt: moment('email_verified_at'),
    phoneVerifiedAt: moment('phone_verified_at'),
    /**
     * Set by the shop's staff (issue 17): the account cannot log in, refresh or check out, and its
     * sessions ended when it was set. The reason is the staff member's, for the back-office only.
     */
    blockedAt: moment('blocked_at'),
    blockedReason: text('blocked_reason'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [
    // Only a proved email or phone is held (issue 25, ADR 0046): unproved claims of the same one
    // may coexist until one of them proves it, and whoever proves it first holds it.
    uniqueIndex('users_email_verified_key')
      .on(t.email)
      .where(sql`${t.emailVerifiedAt} is not null`),
    uniqueIndex('users_phone_verified_key')
      .on(t.phoneNumber)
      .where(sql`${t.phoneVerifiedAt} is not null`),
    index('users_email_idx').on(t.email),
    index('users_phone_number_idx').on(t.phoneNumber),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_phone_95', sql`${t.phoneNumber} ~ '^959[0-9]{7,9}$'`),
    check('users_blocked_reason', sql`(${t.blockedAt} is null) = (${t.blockedReason} is null)`),
  ],
);

export const sessionEndReason = pgEnum('session_end_reason', [
  'logout',
  'reuse_detected',
  'other_device_login',
  'password_reset',
  'blocked',
]);

/**
 * One login = one refresh-token family (RFC 9700 §4.14.2). The family dies as a whole: on logout,
 * on reuse of a rotated token, on a password reset or, with SINGLE_SESSION, on a newer login.
 */
export const refreshFamilies = pgTable(
  'refresh_families',
  {
    id: primaryId(),
    userId: uuidRef('user_id', () => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtNow(),
    /** Absolute lifetime: 30 days from login, whatever the rotations (DESIGN §5). */
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    revokedReason: sessionEndReason('revoked_reason'),
  },
  (t) => [index('refresh_families_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: primaryId(),
    familyId: uuidRef('family_id', () => refreshFamilies.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token (256 random bits, so a fast hash suffices); the token is never kept. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAtNow(),
    expiresAt: moment('expires_at').notNull(),
    /** Set when the token was exchanged; a second exchange after the grace window is a reuse. */
    usedAt: moment('used_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

export const otpPurpose = pgEnum('otp_purpose', [
  'register',
  'verify_email',
  'verify_phone',
  'reset',
]);
export const otpChannel = pgEnum('otp_channel', ['email', 'sms']);

/**
 * One-time codes (DESIGN §5): hashed, single use, dead after 5 wrong tries. A new code for the same
 * user, channel and purpose replaces the old one.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: primaryId(),
    userId: uuidRef('user_id', () => users.id, { onDelete: 'cascade' }),
    channel: otpChannel('channel').notNull(),
    purpose: otpPurpose('purpose').notNull(),
    /** HMAC-SHA-256 of the code keyed with the server secret and the row's user and purpose. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAtNow(),
    /** When the code was last sent; a resend before the cooldown is refused. */
    lastSentAt: moment('last_sent_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    consumedAt: moment('consumed_at'),
  },
  (t) => [uniqueIndex('otp_codes_user_channel_purpose_key').on(t.userId, t.channel, t.purpose)],
);

/**
 * What a code call writes when the address has no account (ADR 0014): the same committed upsert
 * of a hashed code as storing a real one, so the call takes as long either way. A few slots,
 * picked at random and overwritten: it never grows and holds nothing anyone can use.
 */
export const otpDecoys = pgTable('otp_decoys', {
  slot: integer('slot').primaryKey(),
  codeHash: text('code_hash').notNull(),
  lastSentAt: moment('last_sent_at').notNull(),
});
