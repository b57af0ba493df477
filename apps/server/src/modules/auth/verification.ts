import { authTexts, authTextWith } from '@shop/contracts/auth-rules';
import { MAX_CLAIMANTS, type AuthContext, type CodeCaller } from './auth-context.ts';
import { noticeEmail } from './auth.messages.ts';
import type { Claim, OtpPurposeValue } from './auth.repo.ts';
import { codeRecipient, holdProved, proverOf, ticketedAccount } from './claims.ts';
import { checkGuard, sendGuard } from './code-limits.ts';
import { checkOtp, codeTimes, decoyOtp, issueOtp, type OtpSent } from './otp-codes.ts';

/**
 * Who a verification code for `claim` goes to (codeRecipient), once the send passed its limits
 * (sendGuard, with the cooldown of verifying an email or a phone): a browser whose claim ticket
 * names the account sends on the account's own lane.
 */
async function guardedRecipient(
  ctx: AuthContext,
  claim: Claim,
  ...[language, clientAddress, ticket]: CodeCaller
) {
  const own = await ticketedAccount(ctx, claim, ticket);
  const cooldown = claim.channel === 'email' ? 'verify-email' : 'verify-phone';
  await sendGuard(ctx, clientAddress, claim.channel, claim.target, cooldown, language, own);
  return codeRecipient(ctx, claim, ticket);
}

export async function sendEmailOtp(
  ctx: AuthContext,
  email: string,
  ...[language, clientAddress, ticket]: CodeCaller
): Promise<OtpSent> {
  const { deps, repo } = ctx;
  const message = authTextWith.emailCodeSent(email, language);
  const claim: Claim = { channel: 'email', target: email };
  const recipient = await guardedRecipient(ctx, claim, language, clientAddress, ticket);
  if (!('for' in recipient)) {
    // Same answer and one mail as for an unverified account: the call must not tell who is
    // registered; the mailbox owner reads why no code came. A contested address without
    // this browser's ticket gets nothing (ADR 0046).
    if (!('contested' in recipient))
      await deps.mailer.send(
        noticeEmail(email, 'holder' in recipient ? 'alreadyVerified' : 'noAccount', language),
      );
    await decoyOtp(ctx);
    return { message, ...codeTimes('verify_email') };
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
  ...[language, clientAddress, ticket]: CodeCaller
): Promise<OtpSent> {
  const message = authTextWith.phoneCodeSent(phoneNumber, language);
  const claim: Claim = { channel: 'sms', target: phoneNumber };
  const recipient = await guardedRecipient(ctx, claim, language, clientAddress, ticket);
  if (!('for' in recipient)) {
    // Same answer, and no text message to a number that has nothing to verify (or that
    // several claim, without this browser's ticket: ADR 0046).
    await decoyOtp(ctx);
    return { message, ...codeTimes('verify_phone') };
  }
  const sent = await issueOtp(ctx, recipient.for, 'sms', 'verify_phone', language);
  return { message, ...sent };
}

export async function verifyOtp(
  ctx: AuthContext,
  input: { email: string; otp: string } | { phoneNumber: string; otp: string },
  ...[language, clientAddress, ticket]: CodeCaller
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
