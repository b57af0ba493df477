import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtNow, moment, primaryId, uuidRef } from '../../platform/columns.ts';
import { users } from '../auth/auth.tables.ts';

/**
 * A staff member's second factor (ADR 0033). The TOTP secret is AES-256-GCM ciphertext
 * (platform/crypto.ts): a leaked table must not let anyone mint codes. Until `confirmedAt` the
 * secret is an enrolment in progress and cannot be used to sign in.
 */
export const staffTotp = pgTable('staff_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: moment('confirmed_at'),
  /** The RFC 6238 time step of the last accepted code: a code is never accepted twice. */
  lastTimeStep: integer('last_time_step'),
  createdAt: createdAtNow(),
});

/** Recovery codes: SHA-256 of 80 random bits each, single use (ADR 0033). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: primaryId(),
    userId: uuidRef('user_id', () => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAtNow(),
  },
  (t) => [
    uniqueIndex('staff_recovery_codes_hash_key').on(t.codeHash),
    index('staff_recovery_codes_user_idx').on(t.userId),
  ],
);

/**
 * Step one of a staff sign-in (the password was right): a short-lived ticket that only the second
 * factor (or enrolment, or a recovery code) can turn into a session. Wrong codes count against it.
 */
export const staffLoginChallenges = pgTable(
  'staff_login_challenges',
  {
    id: primaryId(),
    userId: uuidRef('user_id', () => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAtNow(),
    expiresAt: moment('expires_at').notNull(),
    consumedAt: moment('consumed_at'),
  },
  (t) => [uniqueIndex('staff_login_challenges_hash_key').on(t.tokenHash)],
);

/**
 * Back-office sessions, apart from customer refresh families (ADR 0033): an opaque token kept
 * hashed, dead after 15 minutes without a call or 12 hours after sign-in, whichever comes first.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: primaryId(),
    userId: uuidRef('user_id', () => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAtNow(),
    lastSeenAt: moment('last_seen_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    address: text('address').notNull(),
  },
  (t) => [
    uniqueIndex('staff_sessions_hash_key').on(t.tokenHash),
    index('staff_sessions_user_idx').on(t.userId),
  ],
);

/**
 * Every staff write (issue 17): append-only, enforced by the database (a trigger refuses UPDATE,
 * DELETE and TRUNCATE; see the admin_access migrations). No foreign key to users: the record must
 * outlive any account, so the actor's email is copied in.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address').notNull(),
    createdAt: moment('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    // What staff did to one order, product or code (the order timeline, issue 17).
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);
