import { createHash, randomBytes } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  STAFF_CHALLENGE_MAX_ATTEMPTS,
  STAFF_CHALLENGE_SECONDS,
  STAFF_IDLE_SECONDS,
  STAFF_SESSION_MAX_SECONDS,
  staffRoles,
  type StaffMember,
  type StaffRole,
} from '@shop/contracts/admin';
import { adminMessages } from '@shop/contracts/admin-messages';
import type { AccountRole } from '@shop/contracts/auth';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { decryptSecret, encryptSecret } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { clientNetwork } from '../../platform/http.ts';
import {
  createLoginDevices,
  createLoginLanes,
  loginLane,
  type LoginLane,
} from '../../platform/login-lanes.ts';
import type { RateLimitStore } from '../../platform/rate-limit.ts';
import type { StaffAccountRecords, UserRow } from '../auth/auth.service.ts';
import { verifyAgainstDummy, verifyPassword } from '../auth/password-policy.ts';
import type { AuditService } from './audit.service.ts';
import { createStaffRepo, type ChallengeRow, type StaffRepo } from './staff.repo.ts';

/** Staff session tokens carry this prefix: the admin guard tells them from customer JWTs by it. */
export const STAFF_TOKEN_PREFIX = 'stf_';
/** The issuer shown in authenticator apps. */
export const TOTP_ISSUER = 'MyanTopup back-office';
/** One code either side of now (RFC 6238 §5.2 suggests at most one step of clock drift). */
const TOTP_TOLERANCE_SECONDS = 30;

/**
 * Staff password failures (ADR 0044). Per (account, client network), or per known device (a
 * browser that signed in to the account before): 4 free, then from the 5th failure on that lane
 * waits 1 s, 2 s, 4 s … up to 15 minutes before its next try; forgotten a day after the last one,
 * or at the right password. Nobody else's failures make a lane wait, so the right password from
 * another network (or a known device) always reaches step two. Per account, over every network,
 * failures are only watched: the `alertAt`-th within `windowMs` is logged for a staff account, and
 * refused (429) only for an account that is not staff, which the back-office never opens (its 403
 * for a customer's right password must not become an unlimited password oracle).
 */
export const staffLoginLimits = {
  perAddress: {
    lockFrom: 5,
    firstWaitMs: 1000,
    maxWaitMs: 15 * 60 * 1000,
    memoryMs: 24 * 60 * 60 * 1000,
  },
  perAccount: { alertAt: 20, windowMs: 15 * 60 * 1000 },
} as const;

/** Wait number n (1, 2, …) of a staff (account, network) pair: 1 s, 2 s, 4 s … up to 15 minutes. */
export const staffLoginWaitMs = (n: number) =>
  Math.min(
    staffLoginLimits.perAddress.firstWaitMs * 2 ** Math.max(n - 1, 0),
    staffLoginLimits.perAddress.maxWaitMs,
  );

const tooManyAttempts = (waitMs: number) =>
  new AppError('TOO_MANY_REQUESTS', adminMessages.tooManyAttempts, undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });

/**
 * Second-factor tries (TOTP or recovery codes) per staff account, across sign-in tickets, until one
 * succeeds: a correct password starts a new ticket of 5 tries but not a new count here, so a leaked
 * password does not give unlimited guesses at the code (ADR 0033).
 */
export const staffSecondFactorLimit = { max: 10, windowMs: 15 * 60 * 1000 } as const;

const roleRank: Record<AccountRole, number> = { user: 0, support: 1, admin: 2 };
export const isStaffRole = (role: AccountRole): role is StaffRole =>
  (staffRoles as readonly string[]).includes(role);
/** Whether `role` may do what `needed` may (admin may everything support may). */
export const roleAllows = (role: AccountRole, needed: StaffRole) =>
  roleRank[role] >= roleRank[needed];

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

// Crockford-style Base32 without look-alikes: 16 characters = 80 random bits per recovery code.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function newRecoveryCode(): string {
  const chars: string[] = [];
  // Rejection sampling keeps every character equally likely (31 symbols from a byte).
  while (chars.length < 16) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && chars.length < 16) chars.push(RECOVERY_ALPHABET.charAt(byte % 31));
    }
  }
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
/** Case, spaces and dashes do not matter when a code is typed back. */
export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
export const hashRecoveryCode = (code: string) => sha256(`recovery:${normaliseRecoveryCode(code)}`);

export interface StaffCaller extends StaffMember {
  sessionId: string;
}

/** Who is trying to sign in: the client address and the device cookie it sent, if any. */
export interface StaffLoginClient {
  address: string;
  device?: string | undefined;
}

export interface StaffSession {
  sessionToken: string;
  idleTimeout: number;
  staff: StaffMember;
  recoveryCodesLeft: number;
}

const toStaff = (user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>): StaffMember => {
  if (!isStaffRole(user.role)) throw new AppError('FORBIDDEN', adminMessages.staffOnly);
  return { id: user.id, email: user.email, name: user.name, role: user.role };
};

/**
 * Back-office sign-in (ADR 0033): password, then a TOTP code (or, once, a recovery code), then a
 * short session of its own, apart from the customer's tokens.
 */
export function createStaffAuthService(deps: {
  repo: StaffRepo;
  accounts: StaffAccountRecords;
  audit: AuditService;
  limiter: RateLimitStore;
  clock: Clock;
  /** For the transaction of a sign-in (ticket used, session made, record written). */
  db: Db;
  /** AES-256-GCM key of the TOTP secrets at rest. */
  totpKey: Buffer;
  /** Signs the back-office's device cookies (ADR 0044). */
  deviceKey: string;
  /** Where many wrong passwords for one staff account are reported (ADR 0044). */
  log: FastifyBaseLogger;
}) {
  const { repo, clock } = deps;
  const epochOf = (date: Date) => Math.floor(date.getTime() / 1000);

  async function liveChallenge(token: string): Promise<{ challenge: ChallengeRow; user: UserRow }> {
    const challenge = await repo.findLiveChallenge(sha256(token), clock());
    const user = challenge && (await deps.accounts.findUserById(challenge.userId));
    if (!challenge || !user) throw new AppError('UNAUTHORIZED', adminMessages.challengeExpired);
    // A role taken away between the two steps ends the sign-in.
    if (!isStaffRole(user.role)) throw new AppError('FORBIDDEN', adminMessages.staffOnly);
    return { challenge, user };
  }

  // Staff (account, network) lanes: the customer login's lanes (ADR 0013) with short growing
  // waits and no cap per window (ADR 0044).
  const lanes = createLoginLanes(deps.limiter, {
    maxFailures: Number.POSITIVE_INFINITY,
    failureWindowMs: staffLoginLimits.perAddress.memoryMs,
    slideFailureWindow: true,
    lockFrom: staffLoginLimits.perAddress.lockFrom,
    lockoutMs: staffLoginWaitMs,
    lockoutMemoryMs: staffLoginLimits.perAddress.memoryMs,
    tooMany: tooManyAttempts,
  });

  const devices = createLoginDevices(deps.deviceKey, 'staff-login-device');

  /** An existing account is counted by its id, an email without one by its hash. */
  const staffLoginKeys = (email: string, address: string, userId?: string) => {
    const account = userId ? `user:${userId}` : sha256(email);
    return {
      pair: loginLane(`staff-login:pair:${account}:${clientNetwork(address)}`),
      account: `staff-login:account:${account}`,
    };
  };

  /**
   * One password try, reserved before the password is checked: on the account's count (which
   * refuses only an account that is not staff) and on the lane ((account, network) or known
   * device). Refused by the lane, the try is taken back from the account's count too. Answers the
   * try's number on each.
   */
  async function reserveLogin(accountKey: string, lane: LoginLane, staffAccount: boolean) {
    const { perAccount } = staffLoginLimits;
    const onAccount = await deps.limiter.hit(accountKey, perAccount.windowMs);
    if (!staffAccount && onAccount > perAccount.alertAt) {
      await deps.limiter.release(accountKey);
      throw tooManyAttempts(await deps.limiter.timeLeft(accountKey));
    }
    try {
      return { onLane: await lanes.reserve(lane), onAccount };
    } catch (error) {
      await deps.limiter.release(accountKey);
      throw error;
    }
  }

  /** A wrong password: the lane waits longer; the account's alertAt-th failure is logged. */
  async function loginFailed(
    lane: LoginLane,
    attempt: { onLane: number; onAccount: number },
    staffId: string | null,
  ) {
    await lanes.failed(lane, attempt.onLane);
    if (staffId !== null && attempt.onAccount === staffLoginLimits.perAccount.alertAt)
      deps.log.warn(
        { staffId, failures: attempt.onAccount, windowMs: staffLoginLimits.perAccount.windowMs },
        'staff sign-in: many wrong passwords for one staff account (from any network); not refused',
      );
  }

  /** The code's time step when it is right and newer than any accepted before, else null. */
  async function checkTotp(secret: string, code: string, lastStep: number | null) {
    const result = await verify({
      secret,
      token: code.trim(),
      epoch: epochOf(clock()),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    }).catch(() => ({ valid: false as const }));
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /**
   * Step two, whichever factor: one try, counted before anything is compared, on the ticket (5) and
   * on the account across tickets (staffSecondFactorLimit, set back to 0 by a sign-in); then, in one
   * transaction, `claim` takes the code (a time step accepted, a recovery code used), the ticket is
   * used up, the session made and the sign-in recorded — or none of it. So two requests racing
   * with one ticket or one code open one session and spend one code, and no code is spent on a
   * sign-in that did not happen (the ticket already used).
   */
  async function signIn(
    user: UserRow,
    challenge: ChallengeRow,
    address: string,
    how: 'totp' | 'totp_enrolment' | 'recovery_code',
    claim: (staff: StaffRepo) => Promise<boolean>,
  ): Promise<StaffSession> {
    const key = `staff-second-factor:${challenge.userId}`;
    const tries = await deps.limiter.hit(key, staffSecondFactorLimit.windowMs);
    if (tries > staffSecondFactorLimit.max) {
      await deps.limiter.release(key);
      throw new AppError('TOO_MANY_REQUESTS', adminMessages.tooManyAttempts, undefined, {
        retryAfterSeconds: Math.ceil(staffSecondFactorLimit.windowMs / 1000),
      });
    }
    const attempt = await repo.reserveChallengeAttempt(challenge.id, STAFF_CHALLENGE_MAX_ATTEMPTS);
    if (attempt !== 'reserved') {
      await deps.limiter.release(key);
      throw attempt === 'used'
        ? new AppError('UNAUTHORIZED', adminMessages.challengeExpired)
        : new AppError('TOO_MANY_REQUESTS', adminMessages.tooManyAttempts);
    }

    const now = clock();
    const sessionToken = `${STAFF_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const actor = { userId: user.id, email: user.email, address };
    await deps.db.transaction(async (tx) => {
      const staffTx = createStaffRepo(tx);
      if (!(await claim(staffTx)))
        throw new AppError(
          'UNAUTHORIZED',
          how === 'recovery_code' ? adminMessages.recoveryWrong : adminMessages.totpWrong,
        );
      if (!(await staffTx.consumeChallenge(challenge.id, now)))
        throw new AppError('UNAUTHORIZED', adminMessages.challengeExpired);
      await staffTx.insertSession({
        userId: user.id,
        tokenHash: sha256(sessionToken),
        now,
        expiresAt: addSeconds(now, STAFF_SESSION_MAX_SECONDS),
        address,
      });
      if (how === 'totp_enrolment')
        await deps.audit.record(tx, actor, {
          action: 'staff.totp_enrolled',
          targetType: 'user',
          targetId: user.id,
        });
      // Who entered the back-office and how belongs in the same trail as the writes (a
      // recovery code used is worth a look).
      await deps.audit.record(tx, actor, {
        action: 'staff.sign_in',
        targetType: 'user',
        targetId: user.id,
        after: { method: how },
      });
    });
    await deps.limiter.reset(key);
    return {
      sessionToken,
      idleTimeout: STAFF_IDLE_SECONDS,
      staff: toStaff(user),
      recoveryCodesLeft: await repo.recoveryCodesLeft(user.id),
    };
  }

  /** A claim of an authenticator's code: right, and newer than any accepted before (no replay). */
  const totpClaim =
    (user: UserRow, totp: { secretEncrypted: string; lastTimeStep: number | null }, code: string) =>
    async (staff: StaffRepo) => {
      const step = await checkTotp(
        decryptSecret(totp.secretEncrypted, deps.totpKey),
        code,
        totp.lastTimeStep,
      );
      return step !== null && (await staff.acceptTimeStep(user.id, step, clock()));
    };

  return {
    /**
     * Step one: email and password of a staff account. Answers the ticket for step two, and the
     * device cookie value to (re)set, naming this browser as known.
     */
    async login(email: string, password: string, client: StaffLoginClient) {
      const user = await deps.accounts.findUserByEmail(email);
      const keys = staffLoginKeys(email, client.address, user?.id);
      // A browser that signed in to this account before has its own lane: failures from an
      // attacker, even behind the same address, do not make it wait.
      const device = user ? devices.known(client.device, user.id) : null;
      const lane = device ? loginLane(`staff-login:device:${device}`) : keys.pair;
      const staffAccount = user !== undefined && isStaffRole(user.role);
      const attempt = await reserveLogin(keys.account, lane, staffAccount);
      const ok = user ? await verifyPassword(user.passwordHash, password) : false;
      if (!user) await verifyAgainstDummy(password);
      if (!user || !ok) {
        await loginFailed(lane, attempt, staffAccount ? user.id : null);
        throw new AppError('UNAUTHORIZED', adminMessages.badCredentials);
      }
      await Promise.all([lanes.succeeded(lane), deps.limiter.reset(keys.account)]);
      // The right password of a customer account: it is theirs to know, and it opens nothing here.
      if (!isStaffRole(user.role)) throw new AppError('FORBIDDEN', adminMessages.staffOnly);
      const now = clock();
      const challengeToken = randomBytes(32).toString('base64url');
      await repo.insertChallenge({
        userId: user.id,
        tokenHash: sha256(challengeToken),
        now,
        expiresAt: addSeconds(now, STAFF_CHALLENGE_SECONDS),
      });
      const totp = await repo.findTotp(user.id);
      return {
        ticket: {
          challengeToken,
          expiresIn: STAFF_CHALLENGE_SECONDS,
          totpEnrolled: Boolean(totp?.confirmedAt),
        },
        device: device && client.device ? client.device : devices.issue(user.id),
      };
    },

    /** Step two: the authenticator's code. */
    async verifyTotp(challengeToken: string, code: string, address: string) {
      const { challenge, user } = await liveChallenge(challengeToken);
      const totp = await repo.findTotp(user.id);
      if (!totp?.confirmedAt) throw new AppError('CONFLICT', adminMessages.notEnrolled);
      return signIn(user, challenge, address, 'totp', totpClaim(user, totp, code));
    },

    /** Enrolment, first part: a new secret (QR and URI) and recovery codes, shown once. */
    async startEnrolment(challengeToken: string) {
      const { user } = await liveChallenge(challengeToken);
      const secret = generateSecret();
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const started = await repo.startEnrolment(
        user.id,
        encryptSecret(secret, deps.totpKey),
        recoveryCodes.map(hashRecoveryCode),
        clock(),
      );
      if (!started) throw new AppError('CONFLICT', adminMessages.alreadyEnrolled);
      const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret });
      const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M' });
      return { otpauthUri, qrSvg, secret, recoveryCodes };
    },

    /** Enrolment, second part: a code from the new authenticator confirms it and signs in. */
    async confirmEnrolment(challengeToken: string, code: string, address: string) {
      const { challenge, user } = await liveChallenge(challengeToken);
      const totp = await repo.findTotp(user.id);
      if (!totp) throw new AppError('CONFLICT', adminMessages.enrolNotStarted);
      if (totp.confirmedAt) throw new AppError('CONFLICT', adminMessages.alreadyEnrolled);
      // The code confirms the enrolment (acceptTimeStep sets confirmedAt) with the sign-in.
      return signIn(user, challenge, address, 'totp_enrolment', totpClaim(user, totp, code));
    },

    /** In place of step two, once per code: a recovery code. */
    async useRecoveryCode(challengeToken: string, recoveryCode: string, address: string) {
      const { challenge, user } = await liveChallenge(challengeToken);
      const totp = await repo.findTotp(user.id);
      if (!totp?.confirmedAt) throw new AppError('CONFLICT', adminMessages.notEnrolled);
      return signIn(user, challenge, address, 'recovery_code', (staff) =>
        staff.useRecoveryCode(user.id, hashRecoveryCode(recoveryCode), clock()),
      );
    },

    /** The staff member of a session token, if the session is live; each call restarts its idle time. */
    async authenticate(token: string): Promise<StaffCaller> {
      const now = clock();
      const session = await repo.touchSession(
        sha256(token),
        now,
        addSeconds(now, -STAFF_IDLE_SECONDS),
      );
      const user = session && (await deps.accounts.findUserById(session.userId));
      if (!session || !user) throw new AppError('UNAUTHORIZED', adminMessages.sessionEnded);
      // A staff member whose role was taken away is a customer again, from the next call on.
      if (!isStaffRole(user.role)) throw new AppError('FORBIDDEN', adminMessages.staffOnly);
      return {
        sessionId: session.sessionId,
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
      };
    },

    signOut: (token: string) => repo.endSession(sha256(token), clock()),
  };
}

export type StaffAuthService = ReturnType<typeof createStaffAuthService>;
