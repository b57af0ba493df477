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
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { clientNetwork } from '../../platform/http.ts';
import type { Mailer, SmsSender } from '../../platform/messaging.ts';
import { createLoginDevices, createLoginLanes, loginLane } from '../../platform/login-lanes.ts';
import type { RateLimitStore } from '../../platform/rate-limit.ts';
import type { AccessTokens } from './access-token.ts';
import { createClaimTickets } from './claim-ticket.ts';
import { codeLimitMessages, noticeEmail, otpEmail, otpSms } from './auth.messages.ts';
import {
  createAuthRepo,
  type AuthRepo,
  type Claim,
  type OtpChannelValue,
  type OtpOwner,
  type OtpPurposeValue,
  type OtpRow,
  type UserRow,
} from './auth.repo.ts';
import type { LoginProofs } from './login-proof.ts';
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
export type { Claim, UserRow };

/**
 * What the back-office does to accounts (ADR 0072): staff sign-in reads them, admin:create makes or
 * promotes a staff account in its own transaction.
 */
export type StaffAccountRecords = Pick<
  AuthRepo,
  | 'findUserById'
  | 'findUserByEmail'
  | 'findClaimants'
  | 'setRoleAndPassword'
  | 'revokeUserFamilies'
  | 'insertStaffUser'
  | 'dropOtherClaims'
>;
export const staffAccountRecords = (db: Db): StaffAccountRecords => createAuthRepo(db);

export const REFRESH_GRACE_SECONDS = 30;

/**
 * Limits of code sends, code checks and sign-ups (issue 11, ADR 0014). Per target (the email or
 * phone a code goes to or is checked for) they are tight and count the same whether or not an
 * account has it; per client address they are high, because a mobile carrier's NAT puts many
 * customers behind one address. A try refused by one limit counts against no other.
 */
export const codeLimits = {
  /**
   * Codes (or the mails in their place) sent to one email or phone per day, by anyone whose
   * browser does not hold the claim ticket of the account the code is for.
   */
  sendsPerTarget: { max: 10, windowMs: 24 * 60 * 60 * 1000 },
  /**
   * Codes sent for one account, of one kind (email or SMS), at the request of a browser holding
   * that account's claim ticket (it signed the account up, or logged in to it with the password):
   * its own lane (issue 26, ADR 0052). A resend after 60 s is the person's right; strangers'
   * sends, which count against sendsPerTarget, cannot use it up, and it cannot use theirs.
   */
  sendsPerAccountHour: { max: 5, windowMs: 60 * 60 * 1000 },
  sendsPerAccountDay: { max: 15, windowMs: 24 * 60 * 60 * 1000 },
  sendsPerAddress: { max: 100, windowMs: 10 * 60 * 1000 },
  /** Code checks (verify, reset confirm) of one email or phone; each code also dies after 5. */
  checksPerTarget: { max: 20, windowMs: 60 * 60 * 1000 },
  checksPerAddress: { max: 200, windowMs: 10 * 60 * 1000 },
  signUpsPerAddress: { max: 100, windowMs: 60 * 60 * 1000 },
} as const;

/**
 * An account that proved neither its email nor its phone holds neither (only a proved one is held,
 * ADR 0046), and is deleted after 7 days (when nothing refers to it) by the periodic sweep.
 */
export const UNVERIFIED_DELETE_SECONDS = 7 * 24 * 60 * 60;

/**
 * Accounts that one email or phone is looked up for while nobody proved it (ADR 0046): the
 * claimants a code can be sent for, and the ones a login's password is checked against.
 */
const MAX_CLAIMANTS = 10;
const LOGIN_CLAIMANTS = 3;

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
  /** Signs the claim tickets binding codes of a contested email or phone to an account (ADR 0046). */
  claimKey: string;
  /** The proof of work asked past an address's spray limit (ADR 0045). */
  loginProofs: LoginProofs;
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

/**
 * Who is trying to log in: the client address, the device cookie it sent, if any, and a solved
 * login challenge, if it brought one (ADR 0045).
 */
export interface LoginClient {
  address: string;
  device?: string | undefined;
  proof?: string | undefined;
  /**
   * Called with a claim ticket for the account when the right password was given to one that has
   * not proved its email or phone (ADR 0046): this browser may then have codes sent for it.
   */
  keepClaimTicket?: (ticket: string) => void;
}

/** A login's tokens and the device cookie value to (re)set, naming this browser as known. */
export interface LoginResult {
  data: TokenData;
  device: string;
}

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
   * Every comparison after a request's first counts as one more check of the target (`another`),
   * so codes of several claimants do not multiply a guesser's odds (ADR 0046); codes left
   * uncompared when that budget runs out get their reserved try back.
   */
  async function checkOtp(
    owner: OtpOwner | undefined,
    channel: OtpChannelValue,
    purposes: OtpPurposeValue[],
    code: string,
    another: () => Promise<boolean>,
    /** Runs once the code matches, before it is used up: throwing here leaves the code live. */
    beforeConsume?: (row: OtpRow) => void,
  ): Promise<OtpRow> {
    // Unknown accounts answer like a wrong code: the call must not tell who is registered.
    if (!owner) throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
    const now = clock();
    const reserved = await repo.reserveOtpAttempts(owner, channel, purposes, now, OTP_MAX_ATTEMPTS);
    if (!reserved.length) {
      const rows = await repo.findLiveOtps(owner, channel, purposes);
      if (rows.some((r) => r.attempts >= OTP_MAX_ATTEMPTS))
        throw new AppError('TOO_MANY_REQUESTS', authTexts.otpTooManyAttempts);
      if (rows.length) throw new AppError('BAD_REQUEST', authTexts.otpExpired);
      throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
    }
    for (const [index, row] of reserved.entries()) {
      if (index > 0 && !(await another())) {
        await repo.releaseOtpAttempts(reserved.slice(index).map((r) => r.id));
        break;
      }
      const expected = Buffer.from(row.codeHash);
      const given = Buffer.from(otpHash(row, code));
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        beforeConsume?.(row);
        if (!(await repo.consumeOtp(row.id, row.codeHash, now)))
          throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
        return row;
      }
    }
    throw reserved.some((r) => r.attempts >= OTP_MAX_ATTEMPTS)
      ? new AppError('TOO_MANY_REQUESTS', authTexts.otpTooManyAttempts)
      : new AppError('BAD_REQUEST', authTexts.otpInvalid);
  }

  const tickets = createClaimTickets(deps.claimKey);

  /**
   * Whose codes prove a target (ADR 0046): its proved holder's or its only claimant's; where
   * several accounts claim it unproved, the one the browser's claim ticket names, else those of
   * every claimant (each code was issued for one account, so the match names it). `claimants` is
   * findClaimants' answer.
   */
  const proverOf = (
    claimants: UserRow[],
    claim: Claim,
    ticket: string | undefined,
  ): OtpOwner | undefined => {
    const [first] = claimants;
    if (!first) return undefined;
    if (claimants.length === 1) return { userId: first.id };
    const ticketed = claimantNamed(claimants, ticket);
    return ticketed ? { userId: ticketed.id } : { claimOf: claim };
  };

  /** The claimant the claim ticket names, if it is one of them. */
  const claimantNamed = (claimants: UserRow[], ticket: string | undefined) => {
    const id = tickets.accountOf(ticket);
    return id === undefined ? undefined : claimants.find((c) => c.id === id);
  };

  /**
   * Who a code sent to the target is for (ADR 0046): `nobody` has it, or the `holder` proved it,
   * or the account it is `for` (its only claimant, or among several the one the ticket names);
   * among several without such a ticket nothing is sent (`contested`), as a code for the newest
   * claim could be a squatter's that the owner would then prove.
   */
  async function codeRecipient(
    claim: Claim,
    ticket: string | undefined,
  ): Promise<{ nobody: true } | { holder: UserRow } | { for: UserRow } | { contested: true }> {
    const claimants = await repo.findClaimants(claim, MAX_CLAIMANTS);
    const [first] = claimants;
    if (!first) return { nobody: true };
    if ((claim.channel === 'email' ? first.emailVerifiedAt : first.phoneVerifiedAt) !== null)
      return { holder: first };
    const recipient = claimants.length === 1 ? first : claimantNamed(claimants, ticket);
    return recipient ? { for: recipient } : { contested: true };
  }

  /**
   * The account `userId` proved the target with a code sent to it: it holds it now, and the other
   * unproved claims of it are dropped. Only one account can hold a proved email or phone: the
   * loser of two proving it at the same moment is answered like a wrong code.
   */
  async function holdProved(claim: Claim, userId: string, now: Date): Promise<void> {
    if (!(await repo.markVerified(userId, claim.channel, now)))
      throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
    await repo.dropOtherClaims(claim, userId);
  }

  /**
   * A sign-up with a phone number others claim unproved (ADR 0046) texts the new account a code,
   * so the one who has the phone can prove it. The number's cooldown and daily cap apply as to
   * any text; over them nothing is sent and nothing is said (the answer must not differ).
   */
  async function textContestedPhone(user: UserRow, language: Language): Promise<void> {
    if (!(await repo.hasOtherClaim({ channel: 'sms', target: user.phoneNumber }, user.id))) return;
    const phoneKey = targetKey('sms', user.phoneNumber);
    const wait = await limiter.claim(
      `code-send:cooldown:verify-phone:${phoneKey}`,
      OTP_RESEND_COOLDOWN_SECONDS * 1000,
    );
    if (wait > 0) return;
    const dayKey = `code-send:day:${phoneKey}`;
    if (
      (await limiter.hit(dayKey, codeLimits.sendsPerTarget.windowMs)) >
      codeLimits.sendsPerTarget.max
    ) {
      await limiter.release(dayKey);
      return;
    }
    await issueOtp(user, 'sms', 'verify_phone', language);
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
   * cooldown of this kind of code for the target, and a cap. The cap is the target's daily one,
   * keyed by the target itself so the answers are the same whether or not an account has it;
   * or, where this browser holds the claim ticket of the account the code is for (`account`),
   * that account's own hourly and daily caps (issue 26, ADR 0052), which nobody else can use up.
   * A send refused by a cap gives back the cooldown it claimed, so refused sends cannot keep the
   * owner waiting.
   */
  async function sendGuard(
    clientAddress: string,
    kind: 'email' | 'sms',
    target: string,
    cooldown: string,
    language: Language,
    account: string | null = null,
  ): Promise<void> {
    const message = codeLimitMessages.tooManyCodeRequests[language];
    const { sendsPerAddress, sendsPerTarget, sendsPerAccountHour, sendsPerAccountDay } = codeLimits;
    const addressKey = `code-send:address:${clientNetwork(clientAddress)}`;
    await guard({ key: addressKey, ...sendsPerAddress }, null, message);
    const cooldownKey = `code-send:cooldown:${cooldown}:${targetKey(kind, target)}`;
    const wait = await limiter.claim(cooldownKey, OTP_RESEND_COOLDOWN_SECONDS * 1000);
    if (wait > 0) {
      await limiter.release(addressKey);
      throw new AppError('TOO_MANY_REQUESTS', cooldownMessage(wait, language), undefined, {
        retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)),
      });
    }
    const caps = account
      ? [
          { key: `code-send:account-hour:${kind}:${account}`, ...sendsPerAccountHour },
          { key: `code-send:account-day:${kind}:${account}`, ...sendsPerAccountDay },
        ]
      : [{ key: `code-send:day:${targetKey(kind, target)}`, ...sendsPerTarget }];
    const counted: string[] = [];
    for (const cap of caps) {
      counted.push(cap.key);
      if ((await limiter.hit(cap.key, cap.windowMs)) > cap.max) {
        await Promise.all([
          limiter.release(addressKey),
          limiter.reset(cooldownKey),
          ...counted.map((key) => limiter.release(key)),
        ]);
        const left = await limiter.timeLeft(cap.key);
        throw new AppError(
          'TOO_MANY_REQUESTS',
          message,
          undefined,
          account ? { retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) } : undefined,
        );
      }
    }
  }

  /**
   * The account whose code a send to `claim` would be, when this browser's claim ticket names it
   * (the browser signed it up or logged in to it with its password): the sender's own lane of
   * sendGuard. Else null: a stranger's send, counted against the target.
   */
  async function ticketedAccount(claim: Claim, ticket: string | undefined): Promise<string | null> {
    const named = tickets.accountOf(ticket);
    if (named === undefined) return null;
    const recipient = await codeRecipient(claim, ticket);
    return 'for' in recipient && recipient.for.id === named ? named : null;
  }

  /**
   * Before a code is checked: per client address and per target (email or phone). Answers
   * `passed` (gives the try back after a successful check) and `another`, which counts one more
   * comparison against the target's checks (false, counting nothing, when they are used up).
   */
  async function checkGuard(
    clientAddress: string,
    kind: 'email' | 'sms',
    target: string,
    language: Language,
  ): Promise<{ passed: () => Promise<void>; another: () => Promise<boolean> }> {
    const targetLimit = {
      key: `code-check:target:${targetKey(kind, target)}`,
      ...codeLimits.checksPerTarget,
    };
    const passed = await guard(
      { key: `code-check:address:${clientNetwork(clientAddress)}`, ...codeLimits.checksPerAddress },
      targetLimit,
      codeLimitMessages.tooManyCodeChecks[language],
    );
    const another = async () => {
      if ((await limiter.hit(targetLimit.key, targetLimit.windowMs)) <= targetLimit.max)
        return true;
      await limiter.release(targetLimit.key);
      return false;
    };
    return { passed, another };
  }

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

  // Device cookies (platform/login-lanes.ts): a browser that presents a valid one for the account
  // it logs in to is a known device with a lane of its own.
  const devices = createLoginDevices(deps.deviceKey, 'login-device');

  // The (account, address) and known-device lanes (platform/login-lanes.ts, shared with the
  // back-office sign-in): 5 failures in 15 minutes lock a lane, each lockout twice as long.
  const lanes = createLoginLanes(limiter, {
    maxFailures: LOGIN_MAX_FAILURES,
    failureWindowMs: LOGIN_FAILURE_WINDOW_MS,
    lockFrom: LOGIN_MAX_FAILURES,
    lockoutMs: loginLockoutMs,
    lockoutMemoryMs: LOGIN_LOCKOUT_MEMORY_MS,
    tooMany: tooManyLoginAttempts,
  });

  /**
   * The untrusted limits, in order: the (account, address) lane, the account's cap over all
   * unknown devices, the address's count of different failing accounts. Refused by one, the
   * attempt is taken back from those before it, so it counts against no limit. Past the address's
   * limit a solved challenge lets the attempt through (ADR 0045): never a flat refusal there.
   */
  async function reserveUnknownDevice(
    keys: ReturnType<typeof loginKeys>,
    network: string,
    proof: string | undefined,
  ): Promise<number> {
    const n = await lanes.reserve(keys.pair);
    let accountHit = false;
    let sprayAdded = false;
    try {
      const onAccount = await limiter.hit(keys.account, LOGIN_ACCOUNT_FAILURE_WINDOW_MS);
      accountHit = true;
      if (onAccount > LOGIN_ACCOUNT_MAX_FAILURES)
        throw tooManyLoginAttempts(await limiter.timeLeft(keys.account));
      const spray = await limiter.addMember(keys.address, keys.accountId, LOGIN_FAILURE_WINDOW_MS);
      sprayAdded = spray.added;
      if (
        spray.added &&
        spray.size > LOGIN_ADDRESS_MAX_ACCOUNTS &&
        !(await deps.loginProofs.redeem(proof, network))
      )
        throw await deps.loginProofs.required(network, spray.size);
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

  /**
   * The account of the identifier whose password this is: its proved holder, or one of its
   * newest unproved claims (ADR 0046: a squatter's newer claim must not make the owner's right
   * password fail). Each is checked, so the time taken depends only on how many there are; with
   * none the dummy hash takes the same time as one.
   */
  async function passwordOwner(claimants: UserRow[], password: string) {
    if (!claimants.length) {
      await verifyAgainstDummy(password);
      return undefined;
    }
    let owner: UserRow | undefined;
    for (const claimant of claimants) {
      if ((await verifyPassword(claimant.passwordHash, password)) && !owner) owner = claimant;
    }
    return owner;
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
    ): Promise<{ user: User; expiresIn: number; resendAfter: number; claimTicket: string }> {
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
      // Only a proved email or phone is held (ADR 0046): an unproved claim of either by another
      // account does not stop this sign-up, and whoever proves it first holds it.
      const emailHolder = await repo.findUserByEmail(input.email);
      const phoneHolder = await repo.findUserByPhone(input.phoneNumber);
      const inserted: Awaited<ReturnType<typeof repo.insertUser>> = emailHolder?.emailVerifiedAt
        ? { taken: 'email' }
        : phoneHolder?.phoneVerifiedAt
          ? { taken: 'phone' }
          : await repo.insertUser(values);
      if ('taken' in inserted) {
        // Same answer as for a new account (ADR 0014): the owner of the address, not the caller,
        // learns that it has an account, by a mail instead of a code. The owner is the account
        // that proved the email or phone, never an unproved claim of it (ADR 0046).
        const owner = inserted.taken === 'email' ? emailHolder : phoneHolder;
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
          // A ticket like a new account's (naming no account), so the answer does not differ.
          claimTicket: tickets.issue(id),
        };
      }
      const sent = await issueOtp(inserted.user, 'email', 'register', language);
      await textContestedPhone(inserted.user, language);
      return { user: toUser(inserted.user), ...sent, claimTicket: tickets.issue(inserted.user.id) };
    },

    async login(input: LoginInput, client: LoginClient): Promise<LoginResult> {
      const claimants = await repo.findClaimants(
        input.kind === 'phone'
          ? { channel: 'sms', target: input.phoneNumber }
          : { channel: 'email', target: input.email },
        LOGIN_CLAIMANTS,
      );
      const network = clientNetwork(client.address);
      // Several unproved claims of the identifier are counted as the identifier (ADR 0046), so
      // none of them, a squatter's included, has a budget the others' failures use up.
      const sole = claimants.length === 1 ? claimants[0] : undefined;
      const keys = loginKeys(input, network, sole?.id);
      // A browser that logged in to this account before has its own lane (OWASP device cookies):
      // failures from an attacker elsewhere, or behind the same address, do not lock it out.
      const device = claimants.map((c) => devices.known(client.device, c.id)).find(Boolean) ?? null;
      const lane = device ? loginLane(`login:device:${device}`) : keys.pair;
      const n = device
        ? await lanes.reserve(lane)
        : await reserveUnknownDevice(keys, network, client.proof);

      const user = await passwordOwner(claimants, input.password);
      if (!user) {
        await lanes.failed(lane, n);
        throw new AppError('UNAUTHORIZED', authTexts.invalidCredentials);
      }
      // The right password: this lane's and the account's failure counts start again (NIST
      // counts consecutive failures), and the account is no longer a failing one of the address.
      await Promise.all([
        lanes.succeeded(lane),
        limiter.reset(keys.account),
        limiter.removeMember(keys.address, keys.accountId),
      ]);

      // A blocked account (issue 17) is told so only after the right password: a wrong one
      // answers invalidCredentials above like any other, so guessing cannot find blocked accounts.
      if (user.blockedAt) throw new AppError('FORBIDDEN', authTexts.accountBlocked);
      // The password is proof enough that this browser may have codes sent for the account.
      if (!user.phoneVerifiedAt || !user.emailVerifiedAt)
        client.keepClaimTicket?.(tickets.issue(user.id));

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
      const deviceToken =
        client.device && devices.known(client.device, user.id)
          ? client.device
          : devices.issue(user.id);
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

    async sendEmailOtp(
      email: string,
      language: Language,
      clientAddress: string,
      ticket?: string,
    ): Promise<OtpSent> {
      const message = authTextWith.emailCodeSent(email, language);
      const claim: Claim = { channel: 'email', target: email };
      const own = await ticketedAccount(claim, ticket);
      await sendGuard(clientAddress, 'email', email, 'verify-email', language, own);
      const recipient = await codeRecipient(claim, ticket);
      if (!('for' in recipient)) {
        // Same answer and one mail as for an unverified account: the call must not tell who is
        // registered; the mailbox owner reads why no code came. A contested address without
        // this browser's ticket gets nothing (ADR 0046).
        if (!('contested' in recipient))
          await deps.mailer.send(
            noticeEmail(email, 'holder' in recipient ? 'alreadyVerified' : 'noAccount', language),
          );
        await decoyOtp();
        return {
          message,
          expiresIn: otpLifetimeSeconds.verify_email,
          resendAfter: OTP_RESEND_COOLDOWN_SECONDS,
        };
      }
      const user = recipient.for;
      // A resend during registration keeps the registration code's 900 s (account spec §9).
      const pendingRegistration = (
        await repo.findLiveOtps({ userId: user.id }, 'email', ['register'])
      ).length;
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
      ticket?: string,
    ): Promise<OtpSent> {
      const message = authTextWith.phoneCodeSent(phoneNumber, language);
      const claim: Claim = { channel: 'sms', target: phoneNumber };
      const own = await ticketedAccount(claim, ticket);
      await sendGuard(clientAddress, 'sms', phoneNumber, 'verify-phone', language, own);
      const recipient = await codeRecipient(claim, ticket);
      if (!('for' in recipient)) {
        // Same answer, and no text message to a number that has nothing to verify (or that
        // several claim, without this browser's ticket: ADR 0046).
        await decoyOtp();
        return {
          message,
          expiresIn: otpLifetimeSeconds.verify_phone,
          resendAfter: OTP_RESEND_COOLDOWN_SECONDS,
        };
      }
      const sent = await issueOtp(recipient.for, 'sms', 'verify_phone', language);
      return { message, ...sent };
    },

    async verifyOtp(
      input: { email: string; otp: string } | { phoneNumber: string; otp: string },
      language: Language,
      clientAddress: string,
      ticket?: string,
    ): Promise<string> {
      const [claim, purposes, done]: [Claim, OtpPurposeValue[], string] =
        'email' in input
          ? [
              { channel: 'email', target: input.email },
              ['register', 'verify_email'],
              authTexts.emailVerified[language],
            ]
          : [
              { channel: 'sms', target: input.phoneNumber },
              ['verify_phone'],
              authTexts.phoneVerified[language],
            ];
      const kind = claim.channel === 'email' ? 'email' : 'sms';
      const { passed, another } = await checkGuard(clientAddress, kind, claim.target, language);
      const owner = proverOf(await repo.findClaimants(claim, MAX_CLAIMANTS), claim, ticket);
      const row = await checkOtp(owner, claim.channel, purposes, input.otp, another);
      await holdProved(claim, row.userId, clock());
      await passed();
      return done;
    },

    async requestPasswordReset(
      email: string,
      language: Language,
      clientAddress: string,
      ticket?: string,
    ): Promise<OtpSent> {
      // Cooldown, daily cap and address limit are keyed by the address asked for, whether or not
      // an account has it, so a 429 reveals nothing.
      await sendGuard(clientAddress, 'email', email, 'reset', language);
      const recipient = await codeRecipient({ channel: 'email', target: email }, ticket);
      const user =
        'holder' in recipient ? recipient.holder : 'for' in recipient ? recipient.for : null;
      if (user) await issueOtp(user, 'email', 'reset', language);
      // Several unproved claims and no ticket of one (ADR 0046): nothing is sent.
      else if ('contested' in recipient) await decoyOtp();
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
      ticket?: string,
    ): Promise<string> {
      // What the request itself tells (the e-mail) is checked first; the account's name and phone
      // only once the code is right, so the answer cannot be used to guess them.
      passwordOrThrow(
        input.newPassword,
        'newPassword',
        { name: '', email: input.email, phoneNumber: '' },
        language,
      );
      const { passed, another } = await checkGuard(clientAddress, 'email', input.email, language);
      const claim: Claim = { channel: 'email', target: input.email };
      const claimants = await repo.findClaimants(claim, MAX_CLAIMANTS);
      let user: UserRow | undefined;
      const owner = proverOf(claimants, claim, ticket);
      await checkOtp(owner, 'email', ['reset'], input.otp, another, (row) => {
        user = claimants.find((c) => c.id === row.userId);
        if (!user) throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
        passwordOrThrow(input.newPassword, 'newPassword', user, language);
      });
      await passed();
      if (!user) throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
      const now = clock();
      // The code reached the mailbox, so the address is proven too (and held, ADR 0046).
      await holdProved({ channel: 'email', target: user.email }, user.id, now);
      await repo.updatePasswordHash(user.id, await hashPassword(input.newPassword), now);
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
