import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_SECONDS,
  otpLifetimeSeconds,
} from '@shop/contracts/auth';
import { authTexts } from '@shop/contracts/auth-rules';
import type { Language } from '@shop/contracts/i18n';
import { AppError } from '../../platform/errors.ts';
import { addSeconds, type AuthContext } from './auth-context.ts';
import { otpEmail, otpSms } from './auth.messages.ts';
import type { OtpChannelValue, OtpOwner, OtpPurposeValue, OtpRow, UserRow } from './auth.repo.ts';

/** Slots of the decoy write (spread so that parallel calls seldom wait on one row). */
const OTP_DECOY_SLOTS = 64;

export interface OtpSent {
  message: string;
  expiresIn: number;
  resendAfter: number;
}

/**
 * The times a send answers for a code of `purpose`: how long it lives and when another may be
 * sent. The same whether or not a code was sent, so the answer tells nothing.
 */
export const codeTimes = (purpose: OtpPurposeValue): Omit<OtpSent, 'message'> => ({
  expiresIn: otpLifetimeSeconds[purpose],
  resendAfter: OTP_RESEND_COOLDOWN_SECONDS,
});

const otpHash = (
  { deps }: AuthContext,
  row: Pick<OtpRow, 'userId' | 'channel' | 'purpose'>,
  code: string,
) =>
  createHmac('sha256', deps.otpKey)
    .update(`${row.userId}:${row.channel}:${row.purpose}:${code}`)
    .digest('base64url');

/**
 * Makes, stores and sends a code. The resend cooldown is checked inside the write, so two
 * requests at once cannot both send.
 */
export async function issueOtp(
  ctx: AuthContext,
  user: UserRow,
  channel: OtpChannelValue,
  purpose: OtpPurposeValue,
  language: Language,
): Promise<Omit<OtpSent, 'message'>> {
  const { deps, repo, clock } = ctx;
  const now = clock();
  const lifetime = otpLifetimeSeconds[purpose];
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const stored = await repo.upsertOtp({
    userId: user.id,
    channel,
    purpose,
    codeHash: otpHash(ctx, { userId: user.id, channel, purpose }, code),
    now,
    expiresAt: addSeconds(now, lifetime),
    cooldownSince: addSeconds(now, -OTP_RESEND_COOLDOWN_SECONDS),
  });
  if (!stored.stored) {
    // The per-address cooldown (sendGuard) already answered for everyone; a row sent within the
    // cooldown means a send raced this one, and the answer must not differ from an unknown
    // address's, so nothing more is sent and nothing is said.
    return codeTimes(purpose);
  }
  if (channel === 'email') {
    await deps.mailer.send(
      otpEmail(user.email, purpose === 'reset' ? 'reset' : 'verify', code, lifetime, language),
    );
  } else {
    await deps.sms.send(otpSms(`+${user.phoneNumber}`, code, lifetime, language));
  }
  return codeTimes(purpose);
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
export async function checkOtp(
  ctx: AuthContext,
  owner: OtpOwner | undefined,
  channel: OtpChannelValue,
  purposes: OtpPurposeValue[],
  code: string,
  another: () => Promise<boolean>,
  /** Runs once the code matches, before it is used up: throwing here leaves the code live. */
  beforeConsume?: (row: OtpRow) => void,
): Promise<OtpRow> {
  const { repo, clock } = ctx;
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
    const given = Buffer.from(otpHash(ctx, row, code));
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

/** The work of storing a code, for an address without an account (ADR 0014). */
export const decoyOtp = (ctx: AuthContext) =>
  ctx.repo.writeOtpDecoy(
    randomInt(0, OTP_DECOY_SLOTS),
    otpHash(
      ctx,
      { userId: randomUUID(), channel: 'email', purpose: 'reset' },
      String(randomInt(0, 1_000_000)).padStart(6, '0'),
    ),
    ctx.clock(),
  );
