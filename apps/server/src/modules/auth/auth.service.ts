import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  authMessages,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  otpLifetimeSeconds,
  REFRESH_FAMILY_TTL_SECONDS,
  type LoginInput,
  type TokenData,
  type User,
} from '@shop/contracts/auth';
import type { Language } from '@shop/contracts/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionVerifier } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer, SmsSender } from '../../platform/messaging.ts';
import type { RateLimitStore } from '../../platform/rate-limit.ts';
import type { AccessTokens } from './access-token.ts';
import { otpEmail, otpSms } from './auth.messages.ts';
import type { AuthRepo, OtpChannelValue, OtpPurposeValue, OtpRow, UserRow } from './auth.repo.ts';
import {
  hashPassword,
  passwordProblem,
  verifyAgainstDummy,
  verifyPassword,
} from './password-policy.ts';

/**
 * Two tabs refreshing with the same token at the same moment must both succeed (issue 3): a token
 * presented again within this many seconds of its first use gets a new sibling token instead of
 * being treated as stolen.
 */
export const REFRESH_GRACE_SECONDS = 30;

export interface AuthServiceDeps {
  repo: AuthRepo;
  tokens: AccessTokens;
  limiter: RateLimitStore;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  /** Keys the OTP hashes, so a leaked table does not give the 6-digit codes away. */
  otpKey: string;
  singleSession: boolean;
  log: FastifyBaseLogger;
}

export interface OtpSent {
  message: string;
  expiresIn: number;
  resendAfter: number;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

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

function passwordOrThrow(password: string, field: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new AppError('VALIDATION_ERROR', problem, { [field]: problem });
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
      const wait = Math.max(
        1,
        Math.ceil(
          OTP_RESEND_COOLDOWN_SECONDS - (now.getTime() - stored.lastSentAt.getTime()) / 1000,
        ),
      );
      throw new AppError(
        'TOO_MANY_REQUESTS',
        authMessages.otpCooldown.replace('{seconds}', String(wait)),
      );
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
   * Checks a code against the user's live codes of the given purposes. Wrong guesses count against
   * every live code; the fifth kills it. A matching code is consumed (single use).
   */
  async function checkOtp(
    user: UserRow | undefined,
    channel: OtpChannelValue,
    purposes: OtpPurposeValue[],
    code: string,
  ): Promise<OtpRow> {
    // Unknown accounts answer like a wrong code: the call must not tell who is registered.
    if (!user) throw new AppError('BAD_REQUEST', authMessages.otpInvalid);
    const now = clock();
    const rows = await repo.findLiveOtps(user.id, channel, purposes);
    const usable = rows.filter((r) => r.expiresAt > now && r.attempts < OTP_MAX_ATTEMPTS);
    if (!usable.length) {
      if (rows.some((r) => r.attempts >= OTP_MAX_ATTEMPTS))
        throw new AppError('TOO_MANY_REQUESTS', authMessages.otpTooManyAttempts);
      if (rows.length) throw new AppError('BAD_REQUEST', authMessages.otpExpired);
      throw new AppError('BAD_REQUEST', authMessages.otpInvalid);
    }
    for (const row of usable) {
      const expected = Buffer.from(row.codeHash);
      const given = Buffer.from(otpHash(row, code));
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        if (!(await repo.consumeOtp(row.id, now)))
          throw new AppError('BAD_REQUEST', authMessages.otpInvalid);
        return row;
      }
    }
    let dead = false;
    for (const row of usable) {
      if ((await repo.addOtpAttempt(row.id)) >= OTP_MAX_ATTEMPTS) dead = true;
    }
    throw dead
      ? new AppError('TOO_MANY_REQUESTS', authMessages.otpTooManyAttempts)
      : new AppError('BAD_REQUEST', authMessages.otpInvalid);
  }

  async function issueSession(
    user: UserRow,
    familyId?: string,
  ): Promise<{ data: TokenData; familyId: string }> {
    const now = clock();
    const family = familyId
      ? await repo.findFamily(familyId)
      : await repo.createFamily(user.id, now, addSeconds(now, REFRESH_FAMILY_TTL_SECONDS));
    if (!family) throw new AppError('UNAUTHORIZED', authMessages.refreshInvalid);
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

  const loginKeys = (input: LoginInput, address: string) => ({
    account: `login:account:${sha256(input.kind === 'phone' ? input.phoneNumber : input.email)}`,
    address: `login:address:${address}`,
  });

  async function ensureSessionLive(sessionId: string, userId: string): Promise<void> {
    const family = await repo.findFamily(sessionId);
    if (!family || family.userId !== userId)
      throw new AppError('UNAUTHORIZED', authMessages.sessionExpired);
    if (family.revokedAt) {
      if (family.revokedReason === 'other_device_login')
        throw new AppError('OTHER_DEVICE_LOGIN', authMessages.otherDeviceLogin);
      throw new AppError('UNAUTHORIZED', authMessages.sessionExpired);
    }
    if (family.expiresAt <= clock())
      throw new AppError('UNAUTHORIZED', authMessages.sessionExpired);
  }

  const verifier: SessionVerifier = {
    async verifyAccessToken(token) {
      const verdict = await tokens.verify(token);
      if (!verdict.ok)
        throw new AppError(
          'UNAUTHORIZED',
          verdict.reason === 'expired' ? 'Access token expired' : 'Invalid access token',
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
    ): Promise<{ user: User; expiresIn: number; resendAfter: number }> {
      passwordOrThrow(input.password, 'password');
      const inserted = await repo.insertUser({
        name: input.name,
        email: input.email,
        phoneNumber: input.phoneNumber,
        passwordHash: await hashPassword(input.password),
        now: clock(),
      });
      if ('taken' in inserted) {
        const message =
          inserted.taken === 'email' ? authMessages.emailTaken : authMessages.phoneTaken;
        throw new AppError('CONFLICT', message, {
          [inserted.taken === 'email' ? 'email' : 'phoneNumber']: message,
        });
      }
      const sent = await issueOtp(inserted.user, 'email', 'register', language);
      return { user: toUser(inserted.user), ...sent };
    },

    async login(input: LoginInput, address: string): Promise<TokenData> {
      const keys = loginKeys(input, address);
      // Each attempt reserves a slot before the password is checked, so a burst of parallel
      // guesses cannot slip past the limit; a successful one gives its slot back.
      const [accountCount, addressCount] = await Promise.all([
        limiter.hit(keys.account, LOGIN_FAILURE_WINDOW_MS),
        limiter.hit(keys.address, LOGIN_FAILURE_WINDOW_MS),
      ]);
      if (accountCount > LOGIN_MAX_FAILURES || addressCount > LOGIN_MAX_FAILURES)
        throw new AppError('TOO_MANY_REQUESTS', authMessages.tooManyLoginAttempts);

      const user =
        input.kind === 'phone'
          ? await repo.findUserByPhone(input.phoneNumber)
          : await repo.findUserByEmail(input.email);
      let ok = false;
      if (user) ok = await verifyPassword(user.passwordHash, input.password);
      else await verifyAgainstDummy(input.password);
      if (!user || !ok) throw new AppError('UNAUTHORIZED', authMessages.invalidCredentials);
      await Promise.all([limiter.reset(keys.account), limiter.release(keys.address)]);

      // Whoever logs in with a phone number must have proved it, likewise for an email.
      if (input.kind === 'phone' && !user.phoneVerifiedAt)
        throw new AppError('PHONE_VERIFICATION_REQUIRED', authMessages.phoneVerificationRequired);
      if (input.kind === 'email' && !user.emailVerifiedAt)
        throw new AppError('EMAIL_VERIFICATION_REQUIRED', authMessages.emailVerificationRequired);

      const session = await issueSession(user);
      if (deps.singleSession) {
        // SINGLE_SESSION: the other sessions end; their next call answers OTHER_DEVICE_LOGIN.
        await repo.revokeUserFamilies(user.id, 'other_device_login', clock(), session.familyId);
      }
      return session.data;
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
      if (!found) throw new AppError('UNAUTHORIZED', authMessages.refreshInvalid);
      const { token, family } = found;
      const now = clock();
      if (family.revokedAt) {
        if (family.revokedReason === 'other_device_login')
          throw new AppError('OTHER_DEVICE_LOGIN', authMessages.otherDeviceLogin);
        throw new AppError('UNAUTHORIZED', authMessages.refreshInvalid);
      }
      if (family.expiresAt <= now || token.expiresAt <= now)
        throw new AppError('UNAUTHORIZED', authMessages.refreshInvalid);

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
          throw new AppError('UNAUTHORIZED', authMessages.refreshInvalid);
        }
      }
      const user = await repo.findUserById(family.userId);
      if (!user) throw new AppError('UNAUTHORIZED', authMessages.refreshInvalid);
      return (await issueSession(user, family.id)).data;
    },

    async profile(userId: string): Promise<User> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('UNAUTHORIZED', authMessages.sessionExpired);
      return toUser(user);
    },

    async sendEmailOtp(email: string, language: Language): Promise<OtpSent> {
      const user = await repo.findUserByEmail(email);
      const message = `We've sent a verification code to ${email}`;
      if (!user) {
        // Same answer as for a real account: this call must not tell who is registered.
        return {
          message,
          expiresIn: otpLifetimeSeconds.verify_email,
          resendAfter: OTP_RESEND_COOLDOWN_SECONDS,
        };
      }
      if (user.emailVerifiedAt) throw new AppError('CONFLICT', authMessages.emailAlreadyVerified);
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

    async sendPhoneOtp(phoneNumber: string, language: Language): Promise<OtpSent> {
      const user = await repo.findUserByPhone(phoneNumber);
      const message = `We've sent a verification code to +${phoneNumber}`;
      if (!user) {
        return {
          message,
          expiresIn: otpLifetimeSeconds.verify_phone,
          resendAfter: OTP_RESEND_COOLDOWN_SECONDS,
        };
      }
      if (user.phoneVerifiedAt) throw new AppError('CONFLICT', authMessages.phoneAlreadyVerified);
      const sent = await issueOtp(user, 'sms', 'verify_phone', language);
      return { message, ...sent };
    },

    async verifyOtp(
      input: { email: string; otp: string } | { phoneNumber: string; otp: string },
    ): Promise<string> {
      if ('email' in input) {
        const user = await repo.findUserByEmail(input.email);
        await checkOtp(user, 'email', ['register', 'verify_email'], input.otp);
        if (user) await repo.markVerified(user.id, 'email', clock());
        return 'Email verified successfully';
      }
      const user = await repo.findUserByPhone(input.phoneNumber);
      await checkOtp(user, 'sms', ['verify_phone'], input.otp);
      if (user) await repo.markVerified(user.id, 'sms', clock());
      return 'Phone number verified successfully';
    },

    async requestPasswordReset(email: string, language: Language): Promise<OtpSent> {
      // The cooldown is per address whether or not an account has it, so a 429 reveals nothing.
      const wait = await limiter.claim(
        `reset:${sha256(email)}`,
        OTP_RESEND_COOLDOWN_SECONDS * 1000,
      );
      if (wait > 0)
        throw new AppError(
          'TOO_MANY_REQUESTS',
          authMessages.otpCooldown.replace('{seconds}', String(Math.ceil(wait / 1000))),
        );
      const user = await repo.findUserByEmail(email);
      if (user) await issueOtp(user, 'email', 'reset', language);
      return {
        message: `If an account exists for ${email}, we've sent a password reset code to it.`,
        expiresIn: otpLifetimeSeconds.reset,
        resendAfter: OTP_RESEND_COOLDOWN_SECONDS,
      };
    },

    async confirmPasswordReset(input: {
      email: string;
      otp: string;
      newPassword: string;
    }): Promise<string> {
      passwordOrThrow(input.newPassword, 'newPassword');
      const user = await repo.findUserByEmail(input.email);
      await checkOtp(user, 'email', ['reset'], input.otp);
      if (!user) throw new AppError('BAD_REQUEST', authMessages.otpInvalid);
      const now = clock();
      await repo.updatePasswordHash(user.id, await hashPassword(input.newPassword), now);
      // The code reached the mailbox, so the address is proven too.
      await repo.markVerified(user.id, 'email', now);
      // Whoever held the old password loses every session.
      await repo.revokeUserFamilies(user.id, 'password_reset', now);
      await limiter.reset(
        loginKeys({ kind: 'email', email: user.email, password: '' }, '').account,
      );
      await limiter.reset(
        loginKeys({ kind: 'phone', phoneNumber: user.phoneNumber, password: '' }, '').account,
      );
      return 'Password reset successful. Please log in with your new password.';
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
