import { OTP_RESEND_COOLDOWN_SECONDS, otpLifetimeSeconds } from '@shop/contracts/auth';
import { authTexts, authTextWith } from '@shop/contracts/auth-rules';
import type { Language } from '@shop/contracts/i18n';
import { MAX_CLAIMANTS, type AuthContext } from './auth-context.ts';
import { noticeEmail } from './auth.messages.ts';
import type { Claim, OtpPurposeValue } from './auth.repo.ts';
import { codeRecipient, holdProved, proverOf, ticketedAccount } from './claims.ts';
import { checkGuard, sendGuard } from './code-limits.ts';
import { checkOtp, decoyOtp, issueOtp, type OtpSent } from './otp-codes.ts';

export async function sendEmailOtp(
  ctx: AuthContext,
  email: string,
  language: Language,
  clientAddress: string,
  ticket?: string,
): Promise<OtpSent> {
  const { deps, repo } = ctx;
  const message = authTextWith.emailCodeSent(email, language);
  const claim: Claim = { channel: 'email', target: email };
  const own = await ticketedAccount(ctx, claim, ticket);
  await sendGuard(ctx, clientAddress, 'email', email, 'verify-email', language, own);
  const recipient = await codeRecipient(ctx, claim, ticket);
  if (!('for' in recipient)) {
    // Same answer and one mail as for an unverified account: the call must not tell who is
    // registered; the mailbox owner reads why no code came. A contested address without
    // this browser's ticket gets nothing (ADR 0046).
    if (!('contested' in recipient))
      await deps.mailer.send(
        noticeEmail(email, 'holder' in recipient ? 'alreadyVerified' : 'noAccount', language),
      );
    await decoyOtp(ctx);
    return {
      message,
      expiresIn: otpLifetimeSeconds.verify_email,
      resendAfter: OTP_RESEND_COOLDOWN_SECONDS,
    };
  }
  const user = recipient.for;
  // A resend during registration keeps the registration code's 900 s (account spec §9).
  const pendingRegistration = (await repo.findLiveOtps({ userId: user.id }, 'email', ['register']))
    .length;
  const sent = await issueOtp(
    ctx,
    user,
    'email',
    pendingRegistration ? 'register' : 'verify_email',
    language,
  );
  return { message, ...sent };
}

export async function sendPhoneOtp(
  ctx: AuthContext,
  phoneNumber: string,
  language: Language,
  clientAddress: string,
  ticket?: string,
): Promise<OtpSent> {
  const message = authTextWith.phoneCodeSent(phoneNumber, language);
  const claim: Claim = { channel: 'sms', target: phoneNumber };
  const own = await ticketedAccount(ctx, claim, ticket);
  await sendGuard(ctx, clientAddress, 'sms', phoneNumber, 'verify-phone', language, own);
  const recipient = await codeRecipient(ctx, claim, ticket);
  if (!('for' in recipient)) {
    // Same answer, and no text message to a number that has nothing to verify (or that
    // several claim, without this browser's ticket: ADR 0046).
    await decoyOtp(ctx);
    return {
      message,
      expiresIn: otpLifetimeSeconds.verify_phone,
      resendAfter: OTP_RESEND_COOLDOWN_SECONDS,
    };
  }
  const sent = await issueOtp(ctx, recipient.for, 'sms', 'verify_phone', language);
  return { message, ...sent };
}

export async function verifyOtp(
  ctx: AuthContext,
  input: { email: string; otp: string } | { phoneNumber: string; otp: string },
  language: Language,
  clientAddress: string,
  ticket?: string,
): Promise<string> {
  const { repo, clock } = ctx;
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
  const { passed, another } = await checkGuard(ctx, clientAddress, kind, claim.target, language);
  const owner = proverOf(ctx, await repo.findClaimants(claim, MAX_CLAIMANTS), claim, ticket);
  const row = await checkOtp(ctx, owner, claim.channel, purposes, input.otp, another);
  await holdProved(ctx, claim, row.userId, clock());
  await passed();
  return done;
}
