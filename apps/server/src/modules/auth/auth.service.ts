import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import {
  nameMessages,
  nameProblem,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  otpLifetimeSeconds,
  passwordMessages,
  REFRESH_FAMILY_TTL_SECONDS,
  type LoginInput,
  type TokenData,
  type User,
} from '@shop/contracts/auth';
import {
  authTexts,
  authTextWith,
  LOGIN_ACCOUNT_FAILURE_WINDOW_MS,
  LOGIN_ACCOUNT_MAX_FAILURES,
  LOGIN_ADDRESS_MAX_ACCOUNTS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_LOCKOUT_MEMORY_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_LOCKOUT_MS,
} from '@shop/contracts/auth-rules';
import type { Language } from '@shop/contracts/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionVerifier } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { clientNetwork } from '../../platform/http.ts';
import type { Mailer, SmsSender } from '../../platform/messaging.ts';
import type { RateLimitStore } from '../../platform/rate-limit.ts';
import type { AccessTokens } from './access-token.ts';
import { codeLimitMessages, noticeEmail, otpEmail, otpSms } from './auth.messages.ts';
import type { AuthRepo, OtpChannelValue, OtpPurposeValue, OtpRow, UserRow } from './auth.repo.ts';
import {
  hashPassword,
  passwordProblem,
  type PasswordOwner,
  verifyAgainstDummy,
  verifyPassword,
} from './password-policy.ts';

/**
 * Two tabs refreshing with the same token at the same moment must both succeed (issue 3): a token
 * presented again within this many seconds of its first use gets a new sibling token instead of
 * being treated as stolen.
 */
export const REFRESH_GRACE_SECONDS = 30;

/**
 * Limits of code sends, code checks and sign-ups (issue 11, ADR 0014). Per target (the email or
 * phone a code goes to or is checked for) they are tight and count the same whether or not an
 * account has it; per client address they are high, because a mobile carrier's NAT puts many
 * customers behind one address. A try refused by one limit counts against no other.
 */
export const codeLimits = {
  /** Codes (or the mails in their place) sent to one email or phone per day. */
  sendsPerTarget: { max: 10, windowMs: 24 * 60 * 60 * 1000 },
  sendsPerAddress: { max: 100, windowMs: 10 * 60 * 1000 },
  /** Code checks (verify, reset confirm) of one email or phone; each code also dies after 5. */
  checksPerTarget: { max: 20, windowMs: 60 * 60 * 1000 },
  checksPerAddress: { max: 200, windowMs: 10 * 60 * 1000 },
  signUpsPerAddress: { max: 100, windowMs: 60 * 60 * 1000 },
} as const;

/** An account that proved neither its email nor its phone gives them up after 24 h… */
export const UNVERIFIED_HOLD_SECONDS = 24 * 60 * 60;
/** …and is deleted after 7 days (when nothing refers to it) by the periodic sweep. */
export const UNVERIFIED_DELETE_SECONDS = 7 * 24 * 60 * 60;

/** Slots of the decoy write (spread so that parallel calls seldom wait on one row). */
const OTP_DECOY_SLOTS = 64;

export interface AuthServiceDeps {
  repo: AuthRepo;
  tokens: AccessTokens;
  limiter: RateLimitStore;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  /** Keys the OTP hashes, so a leaked table does not give the 6-digit codes away. */
  otpKey: string;
  /** Signs the device cookies of login throttling (ADR 0013). */
  deviceKey: string;
  singleSession: boolean;
  log: FastifyBaseLogger;
  /**
   * Ends the account's back-office sessions (staff sign-in, ADR 0033) when its password changes:
   * those are the back-office's own table, so the app passes this in.
   */
  endStaffSessions: (userId: string, now: Date) => Promise<void>;
}

export interface OtpSent {
  message: string;
  expiresIn: number;
  resendAfter: number;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** Who is trying to log in: the client address and the device cookie it sent, if any. */
export interface LoginClient {
  address: string;
  device?: string | undefined;
}

/** A login's tokens and the device cookie value to (re)set, naming this browser as known. */
export interface LoginResult {
  data: TokenData;
  device: string;
}

/**
 * The counters of one throttled lane (ADR 0013): failures within the window, the lockout mark,
 * and how many lockouts there were lately (each doubles the next).
 */
interface LoginLane {
  failures: string;
  lock: string;
  lockouts: string;
}
const loginLane = (key: string): LoginLane => ({
  failures: key,
  lock: `${key}:lock`,
  lockouts: `${key}:lockouts`,
});

/** Lockout number n (1, 2, ...) of a lane lasts 15 min, 30 min, 1 h, ... up to a day. */
export const loginLockoutMs = (n: number) =>
  Math.min(LOGIN_FAILURE_WINDOW_MS * 2 ** Math.max(n - 1, 0), LOGIN_MAX_LOCKOUT_MS);

const tooManyLoginAttempts = (waitMs: number) =>
  new AppError('TOO_MANY_REQUESTS', authTexts.tooManyLoginAttempts, undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    role: row.role,
    emailVerified: row.emailVerifiedAt !== null,
    phoneVerified: row.phoneVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

function passwordOrThrow(
  password: string,
  field: string,
  owner: PasswordOwner,
  language: Language,
): void {
  const problem = passwordProblem(password, owner, language);
  if (problem) throw new AppError('VALIDATION_ERROR', problem, { [field]: problem });
}

/** Control, bidi-override and invisible-only names are refused (ADR 0016). */
function nameOrThrow(name: string, language: Language): void {
  const problem = nameProblem(name);
  if (!problem) return;
  const message = nameMessages[problem][language];
  throw new AppError('VALIDATION_ERROR', message, { name: message });
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, tokens, limiter, clock } = deps;

  const otpHash = (row: Pick<OtpRow, 'userId' | 'channel' | 'purpose'>, code: string) =>
    createHmac('sha256', deps.otpKey)
      .update(`${row.userId}:${row.channel}:${row.purpose}:${code}`)
      .digest('base64url');

  /**
   * Makes, stores and sends a code. The resend cooldown is checked inside the write, so two
   * requests at once cannot both send.
   */
  async function issueOtp(
    user: UserRow,
    channel: OtpChannelValue,
    purpose: OtpPurposeValue,
    language: Language,
  ): Promise<Omit<OtpSent, 'message'>> {
    const now = clock();
    const lifetime = otpLifetimeSeconds[purpose];
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const stored = await repo.upsertOtp({
      userId: user.id,
      channel,
      purpose,
      codeHash: otpHash({ userId: user.id, channel, purpose }, code),
      now,
      expiresAt: addSeconds(now, lifetime),
      cooldownSince: addSeconds(now, -OTP_RESEND_COOLDOWN_SECONDS),
    });
    if (!stored.stored) {
      // The per-address cooldown (sendGuard) already answered for everyone; a row sent within the
      // cooldown means a send raced this one, and the answer must not differ from an unknown
      // address's, so nothing more is sent and nothing is said.
      return { expiresIn: lifetime, resendAfter: OTP_RESEND_COOLDOWN_SECONDS };
    }
    if (channel === 'email') {
      await deps.mailer.send(
        otpEmail(user.email, purpose === 'reset' ? 'reset' : 'verify', code, lifetime, language),
      );
    } else {
      await deps.sms.send(otpSms(`+${user.phoneNumber}`, code, lifetime, language));
    }
    return { expiresIn: lifetime, resendAfter: OTP_RESEND_COOLDOWN_SECONDS };
  }

  /**
   * Checks a code against the user's live codes of the given purposes. Every try first reserves
   * one of the code's 5 comparisons in a single UPDATE (attempts + 1 where attempts < 5), and only
   * then compares: parallel guesses cannot all read "0 tries so far" and all be compared. Wrong
   * guesses count against every live code; the fifth kills it. A matching code is consumed.
   */
  async function checkOtp(
    user: UserRow | undefined,
    channel: OtpChannelValue,
    purposes: OtpPurposeValue[],
    code: string,
    /** Runs once the code matches, before it is used up: throwing here leaves the code live. */
    beforeConsume?: () => void,
  ): Promise<OtpRow> {
    // Unknown accounts answer like a wrong code: the call must not tell who is registered.
    if (!user) throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
    const now = clock();
    const reserved = await repo.reserveOtpAttempts(
      user.id,
      channel,
      purposes,
      now,
      OTP_MAX_ATTEMPTS,
    );
    if (!reserved.length) {
      const rows = await repo.findLiveOtps(user.id, channel, purposes);
      if (rows.some((r) => r.attempts >= OTP_MAX_ATTEMPTS))
        throw new AppError('TOO_MANY_REQUESTS', authTexts.otpTooManyAttempts);
      if (rows.length) throw new AppError('BAD_REQUEST', authTexts.otpExpired);
      throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
    }
    for (const row of reserved) {
      const expected = Buffer.from(row.codeHash);
      const given = Buffer.from(otpHash(row, code));
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        beforeConsume?.();
        if (!(await repo.consumeOtp(row.id, row.codeHash, now)))
          throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
        return row;
      }
    }
    throw reserved.some((r) => r.attempts >= OTP_MAX_ATTEMPTS)
      ? new AppError('TOO_MANY_REQUESTS', authTexts.otpTooManyAttempts)
      : new AppError('BAD_REQUEST', authTexts.otpInvalid);
  }

  /** The work of storing a code, for an address without an account (ADR 0014). */
  const decoyOtp = () =>
    repo.writeOtpDecoy(
      randomInt(0, OTP_DECOY_SLOTS),
      otpHash(
        { userId: randomUUID(), channel: 'email', purpose: 'reset' },
        String(randomInt(0, 1_000_000)).padStart(6, '0'),
      ),
      clock(),
    );

  const targetKey = (kind: 'email' | 'sms', target: string) => `${kind}:${sha256(target)}`;
  const cooldownMessage = (waitMs: number, language: Language) =>
    authTextWith.otpCooldown(Math.max(1, Math.ceil(waitMs / 1000)), language);

  /**
   * Client addresses are counted by network (clientNetwork: an IPv6 /64 is one subscriber).
   * Counts a try against an address limit and then a target limit, refusing with `message` when
   * either is over; a try the target limit refuses is taken back from the address limit. Answers
   * a function that gives both back (a successful check).
   */
  async function guard(
    address: { key: string; max: number; windowMs: number },
    target: { key: string; max: number; windowMs: number } | null,
    message: string,
  ): Promise<() => Promise<void>> {
    if ((await limiter.hit(address.key, address.windowMs)) > address.max)
      throw new AppError('TOO_MANY_REQUESTS', message);
    if (target && (await limiter.hit(target.key, target.windowMs)) > target.max) {
      await limiter.release(address.key);
      throw new AppError('TOO_MANY_REQUESTS', message);
    }
    return async () => {
      await limiter.release(address.key);
      if (target) await limiter.release(target.key);
    };
  }

  /**
   * Before any code (or mail in its place) goes to a target: the client address limit, the 60 s
   * cooldown of this kind of code for the target, and the target's daily cap, all keyed by the
   * target itself, so the answers are the same whether or not an account has it.
   */
  async function sendGuard(
    clientAddress: string,
    kind: 'email' | 'sms',
    target: string,
    cooldown: string,
    language: Language,
  ): Promise<void> {
    const message = codeLimitMessages.tooManyCodeRequests[language];
    const { sendsPerAddress, sendsPerTarget } = codeLimits;
    const addressKey = `code-send:address:${clientNetwork(clientAddress)}`;
    await guard({ key: addressKey, ...sendsPerAddress }, null, message);
    const wait = await limiter.claim(
      `code-send:cooldown:${cooldown}:${targetKey(kind, target)}`,
      OTP_RESEND_COOLDOWN_SECONDS * 1000,
    );
    if (wait > 0) {
      await limiter.release(addressKey);
      throw new AppError('TOO_MANY_REQUESTS', cooldownMessage(wait, language), undefined, {
        retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)),
      });
    }
    const dayKey = `code-send:day:${targetKey(kind, target)}`;
    if ((await limiter.hit(dayKey, sendsPerTarget.windowMs)) > sendsPerTarget.max) {
      await limiter.release(addressKey);
      throw new AppError('TOO_MANY_REQUESTS', message);
    }
  }

  /** Before a code is checked: per client address and per target (email or phone). */
  const checkGuard = (
    clientAddress: string,
    kind: 'email' | 'sms',
    target: string,
    language: Language,
  ) =>
    guard(
      { key: `code-check:address:${clientNetwork(clientAddress)}`, ...codeLimits.checksPerAddress },
      { key: `code-check:target:${targetKey(kind, target)}`, ...codeLimits.checksPerTarget },
      codeLimitMessages.tooManyCodeChecks[language],
    );

  async function issueSession(
    user: UserRow,
    familyId?: string,
  ): Promise<{ data: TokenData; familyId: string }> {
    const now = clock();
    const family = familyId
      ? await repo.findFamily(familyId)
      : await repo.createFamily(user.id, now, addSeconds(now, REFRESH_FAMILY_TTL_SECONDS));
    if (!family) throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);
    const refreshToken = randomBytes(32).toString('base64url');
    await repo.insertRefreshToken({
      familyId: family.id,
      tokenHash: sha256(refreshToken),
      now,
      // A rotated token never outlives its family's absolute lifetime.
      expiresAt: family.expiresAt,
    });
    const accessToken = await tokens.sign({ userId: user.id, sessionId: family.id });
    return {
      data: { accessToken, refreshToken, user: toUser(user), expiresIn: tokens.ttlSeconds },
      familyId: family.id,
    };
  }

  /**
   * The counters of a login. An existing account is counted by its id, so its email and phone
   * number share one budget; an unknown identifier by its hash.
   */
  const loginKeys = (input: LoginInput, address: string, userId?: string) => {
    const account = userId
      ? `user:${userId}`
      : sha256(input.kind === 'phone' ? input.phoneNumber : input.email);
    return {
      accountId: account,
      /** Failures of this account from every unknown device (the NIST cap). */
      account: `login:account:${account}`,
      /** Failures of this account from this address (unknown devices). */
      pair: loginLane(`login:pair:${account}:${address}`),
      /** The different accounts that failed from this address (the spray limit). */
      address: `login:address:${address}`,
    };
  };

  // Device cookies: "<userId>.<random>.<HMAC of both>", set on a successful login. A browser that
  // presents a valid one for the account it logs in to is a known device with a lane of its own.
  const deviceMac = (body: string) =>
    createHmac('sha256', deps.deviceKey).update(`login-device:${body}`).digest('base64url');
  const newDeviceToken = (userId: string) => {
    const body = `${userId}.${randomBytes(16).toString('base64url')}`;
    return `${body}.${deviceMac(body)}`;
  };
  function knownDevice(token: string | undefined, userId: string): string | null {
    if (!token || token.length > 200) return null;
    const cut = token.lastIndexOf('.');
    const body = token.slice(0, cut);
    const mac = Buffer.from(token.slice(cut + 1));
    const expected = Buffer.from(deviceMac(body));
    if (cut < 0 || mac.length !== expected.length || !timingSafeEqual(mac, expected)) return null;
    const [owner, nonce] = body.split('.');
    return owner === userId && nonce ? nonce : null;
  }

  /**
   * Reserves one attempt on a lane before the password is checked, so parallel guesses cannot
   * slip through; answers its number. A refused attempt is taken back: it counts nowhere.
   */
  async function reserveAttempt(lane: LoginLane): Promise<number> {
    const locked = await limiter.timeLeft(lane.lock);
    if (locked > 0) throw tooManyLoginAttempts(locked);
    const n = await limiter.hit(lane.failures, LOGIN_FAILURE_WINDOW_MS);
    if (n <= LOGIN_MAX_FAILURES) return n;
    await limiter.release(lane.failures);
    const [lock, window] = await Promise.all([
      limiter.timeLeft(lane.lock),
      limiter.timeLeft(lane.failures),
    ]);
    throw tooManyLoginAttempts(Math.max(lock, window));
  }

  /** The attempt numbered n failed: the 5th failure locks the lane, longer each time. */
  async function attemptFailed(lane: LoginLane, n: number): Promise<void> {
    if (n < LOGIN_MAX_FAILURES) return;
    const lockouts = await limiter.hit(lane.lockouts, LOGIN_LOCKOUT_MEMORY_MS, { slide: true });
    await limiter.claim(lane.lock, loginLockoutMs(lockouts));
  }

  /**
   * The untrusted limits, in order: the (account, address) lane, the account's cap over all
   * unknown devices, the address's count of different failing accounts. Refused by one, the
   * attempt is taken back from those before it, so it counts against no limit.
   */
  async function reserveUnknownDevice(keys: ReturnType<typeof loginKeys>): Promise<number> {
    const n = await reserveAttempt(keys.pair);
    let accountHit = false;
    let sprayAdded = false;
    try {
      const onAccount = await limiter.hit(keys.account, LOGIN_ACCOUNT_FAILURE_WINDOW_MS);
      accountHit = true;
      if (onAccount > LOGIN_ACCOUNT_MAX_FAILURES)
        throw tooManyLoginAttempts(await limiter.timeLeft(keys.account));
      const spray = await limiter.addMember(keys.address, keys.accountId, LOGIN_FAILURE_WINDOW_MS);
      sprayAdded = spray.added;
      if (spray.added && spray.size > LOGIN_ADDRESS_MAX_ACCOUNTS)
        throw tooManyLoginAttempts(await limiter.timeLeft(keys.address));
      return n;
    } catch (error) {
      await Promise.all([
        limiter.release(keys.pair.failures),
        accountHit ? limiter.release(keys.account) : undefined,
        sprayAdded ? limiter.removeMember(keys.address, keys.accountId) : undefined,
      ]);
      throw error;
    }
  }

  async function ensureSessionLive(sessionId: string, userId: string): Promise<void> {
    const family = await repo.findFamilyOfRequest(sessionId);
    if (!family || family.userId !== userId)
      throw new AppError('UNAUTHORIZED', authTexts.sessionExpired);
    if (family.accountBlocked) throw new AppError('UNAUTHORIZED', authTexts.accountBlocked);
    if (family.revokedAt) {
      if (family.revokedReason === 'other_device_login')
        throw new AppError('OTHER_DEVICE_LOGIN', authTexts.otherDeviceLogin);
      throw new AppError('UNAUTHORIZED', authTexts.sessionExpired);
    }
    if (family.expiresAt <= clock()) throw new AppError('UNAUTHORIZED', authTexts.sessionExpired);
  }

  const verifier: SessionVerifier = {
    async verifyAccessToken(token) {
      const verdict = await tokens.verify(token);
      if (!verdict.ok)
        throw new AppError(
          'UNAUTHORIZED',
          verdict.reason === 'expired'
            ? authTexts.accessTokenExpired
            : authTexts.accessTokenInvalid,
        );
      // Logout, reuse detection and single-session must end the session now, not in 15 minutes.
      await ensureSessionLive(verdict.claims.sessionId, verdict.claims.userId);
      return verdict.claims;
    },
  };

  return {
    verifier,

    async register(
      input: { name: string; email: string; phoneNumber: string; password: string },
      language: Language,
      clientAddress: string,
    ): Promise<{ user: User; expiresIn: number; resendAfter: number }> {
      nameOrThrow(input.name, language);
      passwordOrThrow(input.password, 'password', input, language);
      const signUpKey = `sign-up:address:${clientNetwork(clientAddress)}`;
      await guard(
        { key: signUpKey, ...codeLimits.signUpsPerAddress },
        null,
        codeLimitMessages.tooManySignUps[language],
      );
      // The registration code (or the mail in its place) counts as a code send to the email; a
      // sign-up refused there is taken back from the sign-up limit.
      await sendGuard(clientAddress, 'email', input.email, 'verify-email', language).catch(
        async (error: unknown) => {
          await limiter.release(signUpKey);
          throw error;
        },
      );
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      const values = { ...input, passwordHash, now };
      let inserted = await repo.insertUser(values);
      // An account that proved neither its email nor its phone holds them for 24 h only.
      if (
        'taken' in inserted &&
        (await repo.deleteUnverifiedUsers(
          addSeconds(now, -UNVERIFIED_HOLD_SECONDS),
          { email: input.email, phoneNumber: input.phoneNumber },
          2,
        ))
      )
        inserted = await repo.insertUser(values);
      if ('taken' in inserted) {
        // Same answer as for a new account (ADR 0014): the owner of the address, not the caller,
        // learns that it has an account, by a mail instead of a code.
        const owner =
          inserted.taken === 'email'
            ? await repo.findUserByEmail(input.email)
            : await repo.findUserByPhone(input.phoneNumber);
        if (owner)
          await deps.mailer.send(
            noticeEmail(
              owner.email,
              inserted.taken === 'email' ? 'registerEmailTaken' : 'registerPhoneTaken',
              language,
            ),
          );
        const id = randomUUID();
        return {
          user: {
            id,
            _id: id,
            name: input.name,
            email: input.email,
            phoneNumber: input.phoneNumber,
            role: 'user',
            emailVerified: false,
            phoneVerified: false,
            createdAt: now.toISOString(),
          },
          expiresIn: otpLifetimeSeconds.register,
          resendAfter: OTP_RESEND_COOLDOWN_SECONDS,
        };
      }
      const sent = await issueOtp(inserted.user, 'email', 'register', language);
      return { user: toUser(inserted.user), ...sent };
    },

    async login(input: LoginInput, client: LoginClient): Promise<LoginResult> {
      const user =
        input.kind === 'phone'
          ? await repo.findUserByPhone(input.phoneNumber)
          : await repo.findUserByEmail(input.email);
      const keys = loginKeys(input, clientNetwork(client.address), user?.id);
      // A browser that logged in to this account before has its own lane (OWASP device cookies):
      // failures from an attacker elsewhere, or behind the same address, do not lock it out.
      const device = user ? knownDevice(client.device, user.id) : null;
      const lane = device ? loginLane(`login:device:${device}`) : keys.pair;
      const n = device ? await reserveAttempt(lane) : await reserveUnknownDevice(keys);

      let ok = false;
      if (user) ok = await verifyPassword(user.passwordHash, input.password);
      else await verifyAgainstDummy(input.password);
      if (!user || !ok) {
        await attemptFailed(lane, n);
        throw new AppError('UNAUTHORIZED', authTexts.invalidCredentials);
      }
      // The right password: this lane's and the account's failure counts start again (NIST
      // counts consecutive failures), and the account is no longer a failing one of the address.
      await Promise.all([
        limiter.reset(lane.failures),
        limiter.reset(lane.lockouts),
        limiter.reset(keys.account),
        limiter.removeMember(keys.address, keys.accountId),
      ]);

      // A blocked account (issue 17) is told so only after the right password: a wrong one
      // answers invalidCredentials above like any other, so guessing cannot find blocked accounts.
      if (user.blockedAt) throw new AppError('FORBIDDEN', authTexts.accountBlocked);

      // Whoever logs in with a phone number must have proved it, likewise for an email.
      if (input.kind === 'phone' && !user.phoneVerifiedAt)
        throw new AppError('PHONE_VERIFICATION_REQUIRED', authTexts.phoneVerificationRequired);
      if (input.kind === 'email' && !user.emailVerifiedAt)
        throw new AppError('EMAIL_VERIFICATION_REQUIRED', authTexts.emailVerificationRequired);

      const session = await issueSession(user);
      if (deps.singleSession) {
        // SINGLE_SESSION: the other sessions end; their next call answers OTHER_DEVICE_LOGIN.
        await repo.revokeUserFamilies(user.id, 'other_device_login', clock(), session.familyId);
      }
      const deviceToken = device && client.device ? client.device : newDeviceToken(user.id);
      return { data: session.data, device: deviceToken };
    },

    async logout(sessionId: string): Promise<void> {
      await repo.revokeFamily(sessionId, 'logout', clock());
    },

    async logoutByRefreshToken(refreshToken: string): Promise<boolean> {
      const found = await repo.findRefreshToken(sha256(refreshToken));
      if (!found) return false;
      await repo.revokeFamily(found.family.id, 'logout', clock());
      return true;
    },

    async refresh(refreshToken: string): Promise<TokenData> {
      const found = await repo.findRefreshToken(sha256(refreshToken));
      if (!found) throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);
      const { token, family } = found;
      const now = clock();
      if (family.revokedAt) {
        if (family.revokedReason === 'other_device_login')
          throw new AppError('OTHER_DEVICE_LOGIN', authTexts.otherDeviceLogin);
        // Ended by a block (issue 17): says so while the block lasts; after an unblock the
        // session stays ended like any other and the customer logs in again.
        if (
          family.revokedReason === 'blocked' &&
          (await repo.findUserById(family.userId))?.blockedAt
        )
          throw new AppError('UNAUTHORIZED', authTexts.accountBlocked);
        throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);
      }
      if (family.expiresAt <= now || token.expiresAt <= now)
        throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);

      if (!(await repo.markRefreshTokenUsed(token.id, now))) {
        // Used before. Within the grace window it is the other tab of the same browser; later it
        // is a replay of a stolen token, so the whole family dies (RFC 9700 §4.14.2).
        const usedAt = token.usedAt ?? (await repo.findRefreshToken(token.tokenHash))?.token.usedAt;
        const withinGrace =
          usedAt !== null &&
          usedAt !== undefined &&
          now.getTime() - usedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000;
        if (!withinGrace) {
          await repo.revokeFamily(family.id, 'reuse_detected', now);
          deps.log.warn({ familyId: family.id }, 'refresh token reused; session revoked');
          throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);
        }
      }
      const user = await repo.findUserById(family.userId);
      if (!user) throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);
      // Blocked between the family check and here (the block revokes the family as well).
      if (user.blockedAt) throw new AppError('UNAUTHORIZED', authTexts.accountBlocked);
      return (await issueSession(user, family.id)).data;
    },

    /** The periodic sweep: deletes accounts unverified for 7 days, a batch at a time. */
    async sweepUnverified(): Promise<number> {
      return repo.deleteUnverifiedUsers(addSeconds(clock(), -UNVERIFIED_DELETE_SECONDS), null, 500);
    },

    async profile(userId: string): Promise<User> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('UNAUTHORIZED', authTexts.sessionExpired);
      return toUser(user);
    },

    async sendEmailOtp(email: string, language: Language, clientAddress: string): Promise<OtpSent> {
      const message = authTextWith.emailCodeSent(email, language);
      await sendGuard(clientAddress, 'email', email, 'verify-email', language);
      const user = await repo.findUserByEmail(email);
      if (!user || user.emailVerifiedAt) {
        // Same answer and one mail as for an unverified account: the call must not tell who is
        // registered; the mailbox owner reads why no code came.
        await deps.mailer.send(
          noticeEmail(email, user ? 'alreadyVerified' : 'noAccount', language),
        );
        await decoyOtp();
        return {
          message,
          expiresIn: otpLifetimeSeconds.verify_email,
          resendAfter: OTP_RESEND_COOLDOWN_SECONDS,
        };
      }
      // A resend during registration keeps the registration code's 900 s (account spec §9).
      const pendingRegistration = (await repo.findLiveOtps(user.id, 'email', ['register'])).length;
      const sent = await issueOtp(
        user,
        'email',
        pendingRegistration ? 'register' : 'verify_email',
        language,
      );
      return { message, ...sent };
    },

    async sendPhoneOtp(
      phoneNumber: string,
      language: Language,
      clientAddress: string,
    ): Promise<OtpSent> {
      const message = authTextWith.phoneCodeSent(phoneNumber, language);
      await sendGuard(clientAddress, 'sms', phoneNumber, 'verify-phone', language);
      const user = await repo.findUserByPhone(phoneNumber);
      if (!user || user.phoneVerifiedAt) {
        // Same answer, and no text message to a number that has nothing to verify.
        await decoyOtp();
        return {
          message,
          expiresIn: otpLifetimeSeconds.verify_phone,
          resendAfter: OTP_RESEND_COOLDOWN_SECONDS,
        };
      }
      const sent = await issueOtp(user, 'sms', 'verify_phone', language);
      return { message, ...sent };
    },

    async verifyOtp(
      input: { email: string; otp: string } | { phoneNumber: string; otp: string },
      language: Language,
      clientAddress: string,
    ): Promise<string> {
      if ('email' in input) {
        const passed = await checkGuard(clientAddress, 'email', input.email, language);
        const user = await repo.findUserByEmail(input.email);
        await checkOtp(user, 'email', ['register', 'verify_email'], input.otp);
        if (user) await repo.markVerified(user.id, 'email', clock());
        await passed();
        return authTexts.emailVerified[language];
      }
      const passed = await checkGuard(clientAddress, 'sms', input.phoneNumber, language);
      const user = await repo.findUserByPhone(input.phoneNumber);
      await checkOtp(user, 'sms', ['verify_phone'], input.otp);
      if (user) await repo.markVerified(user.id, 'sms', clock());
      await passed();
      return authTexts.phoneVerified[language];
    },

    async requestPasswordReset(
      email: string,
      language: Language,
      clientAddress: string,
    ): Promise<OtpSent> {
      // Cooldown, daily cap and address limit are keyed by the address asked for, whether or not
      // an account has it, so a 429 reveals nothing.
      await sendGuard(clientAddress, 'email', email, 'reset', language);
      const user = await repo.findUserByEmail(email);
      if (user) await issueOtp(user, 'email', 'reset', language);
      else {
        // The same work as for an account (a write and a mail), so the time taken does not tell
        // either (ADR 0014); the mailbox owner reads that no account uses the address.
        await decoyOtp();
        await deps.mailer.send(noticeEmail(email, 'noAccount', language));
      }
      return {
        message: authTextWith.resetCodeSent(email, language),
        expiresIn: otpLifetimeSeconds.reset,
        resendAfter: OTP_RESEND_COOLDOWN_SECONDS,
      };
    },

    async confirmPasswordReset(
      input: { email: string; otp: string; newPassword: string },
      language: Language,
      clientAddress: string,
    ): Promise<string> {
      // What the request itself tells (the e-mail) is checked first; the account's name and phone
      // only once the code is right, so the answer cannot be used to guess them.
      passwordOrThrow(
        input.newPassword,
        'newPassword',
        { name: '', email: input.email, phoneNumber: '' },
        language,
      );
      const passed = await checkGuard(clientAddress, 'email', input.email, language);
      const user = await repo.findUserByEmail(input.email);
      await checkOtp(user, 'email', ['reset'], input.otp, () => {
        if (user) passwordOrThrow(input.newPassword, 'newPassword', user, language);
      });
      await passed();
      if (!user) throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
      const now = clock();
      await repo.updatePasswordHash(user.id, await hashPassword(input.newPassword), now);
      // The code reached the mailbox, so the address is proven too.
      await repo.markVerified(user.id, 'email', now);
      // Whoever held the old password loses every session, in the back-office as well.
      await repo.revokeUserFamilies(user.id, 'password_reset', now);
      await deps.endStaffSessions(user.id, now);
      await limiter.reset(
        loginKeys({ kind: 'email', email: user.email, password: '' }, '', user.id).account,
      );
      return authTexts.passwordReset[language];
    },

    /**
     * PUT /api/v1/users/password: the signed-in user sets a new password by giving the current
     * one. Wrong current passwords are limited per account like logins (LOGIN_MAX_FAILURES per
     * LOGIN_FAILURE_WINDOW_MS), so a stolen access token cannot be used to guess the password. On
     * success every other session of the user ends; the calling one stays.
     */
    async changePassword(
      caller: { userId: string; sessionId: string },
      input: { currentPassword: string; newPassword: string },
      language: Language,
    ): Promise<string> {
      const fail = (code: 'VALIDATION_ERROR' | 'BAD_REQUEST', field: string, message: string) =>
        new AppError(code, message, { [field]: message });
      if (input.currentPassword === '')
        throw fail('VALIDATION_ERROR', 'currentPassword', passwordMessages.enterCurrent[language]);
      const user = await repo.findUserById(caller.userId);
      if (!user) throw new AppError('UNAUTHORIZED', authTexts.sessionExpired);
      passwordOrThrow(input.newPassword, 'newPassword', user, language);

      // The slot is taken before the password is checked, so parallel guesses cannot pass the limit.
      const key = `password-change:${caller.userId}`;
      if ((await limiter.hit(key, LOGIN_FAILURE_WINDOW_MS)) > LOGIN_MAX_FAILURES)
        throw new AppError('TOO_MANY_REQUESTS', passwordMessages.tooManyWrong[language]);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
        throw fail('BAD_REQUEST', 'currentPassword', passwordMessages.currentWrong[language]);
      await limiter.reset(key);
      if (input.newPassword === input.currentPassword)
        throw fail('VALIDATION_ERROR', 'newPassword', passwordMessages.unchanged[language]);

      const now = clock();
      await repo.updatePasswordHash(user.id, await hashPassword(input.newPassword), now);
      // Whoever else holds a session (a lost phone, a thief) is signed out; this device stays.
      await repo.revokeUserFamilies(user.id, 'password_reset', now, caller.sessionId);
      // A staff member signs in to the back-office again with the new password.
      await deps.endStaffSessions(user.id, now);
      // The owner hears of it (ASVS 5.0 6.3.7); a mail that cannot be sent does not undo the change.
      await deps.mailer
        .send(noticeEmail(user.email, 'passwordChanged', language))
        .catch((error: unknown) => {
          deps.log.warn({ err: error }, 'password-changed notice not sent');
        });
      return passwordMessages.changed[language];
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
