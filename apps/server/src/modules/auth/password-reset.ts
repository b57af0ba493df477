import { authTexts, authTextWith } from '@shop/contracts/auth-rules';
import { AppError } from '../../platform/errors.ts';
import {
  MAX_CLAIMANTS,
  passwordOrThrow,
  type AuthContext,
  type CodeCaller,
} from './auth-context.ts';
import { noticeEmail } from './auth.messages.ts';
import type { Claim, UserRow } from './auth.repo.ts';
import { codeRecipient, holdProved, proverOf } from './claims.ts';
import { checkGuard, sendGuard } from './code-limits.ts';
import { loginKeys } from './login.ts';
import { checkOtp, codeTimes, decoyOtp, issueOtp, type OtpSent } from './otp-codes.ts';
import { hashPassword } from './password-policy.ts';

export async function requestPasswordReset(
  ctx: AuthContext,
  email: string,
  ...[language, clientAddress, ticket]: CodeCaller
): Promise<OtpSent> {
  const { deps } = ctx;
  // Cooldown, daily cap and address limit are keyed by the address asked for, whether or not
  // an account has it, so a 429 reveals nothing.
  await sendGuard(ctx, clientAddress, 'email', email, 'reset', language);
  const recipient = await codeRecipient(ctx, { channel: 'email', target: email }, ticket);
  const user = 'holder' in recipient ? recipient.holder : 'for' in recipient ? recipient.for : null;
  if (user) await issueOtp(ctx, user, 'email', 'reset', language);
  // Several unproved claims and no ticket of one (ADR 0046): nothing is sent.
  else if ('contested' in recipient) await decoyOtp(ctx);
  else {
    // The same work as for an account (a write and a mail), so the time taken does not tell
    // either (ADR 0014); the mailbox owner reads that no account uses the address.
    await decoyOtp(ctx);
    await deps.mailer.send(noticeEmail(email, 'noAccount', language));
  }
  return { message: authTextWith.resetCodeSent(email, language), ...codeTimes('reset') };
}

export async function confirmPasswordReset(
  ctx: AuthContext,
  input: { email: string; otp: string; newPassword: string },
  ...[language, clientAddress, ticket]: CodeCaller
): Promise<string> {
  const { deps, repo, limiter, clock } = ctx;
  // What the request itself tells (the e-mail) is checked first; the account's name and phone
  // only once the code is right, so the answer cannot be used to guess them.
  passwordOrThrow(
    input.newPassword,
    'newPassword',
    { name: '', email: input.email, phoneNumber: '' },
    language,
  );
  const { passed, another } = await checkGuard(ctx, clientAddress, 'email', input.email, language);
  const claim: Claim = { channel: 'email', target: input.email };
  const claimants = await repo.findClaimants(claim, MAX_CLAIMANTS);
  let user: UserRow | undefined;
  const owner = proverOf(ctx, claimants, claim, ticket);
  await checkOtp(ctx, owner, 'email', ['reset'], input.otp, another, (row) => {
    user = claimants.find((c) => c.id === row.userId);
    if (!user) throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
    passwordOrThrow(input.newPassword, 'newPassword', user, language);
  });
  await passed();
  if (!user) throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
  const now = clock();
  // The code reached the mailbox, so the address is proven too (and held, ADR 0046).
  await holdProved(ctx, { channel: 'email', target: user.email }, user.id, now);
  await repo.updatePasswordHash(user.id, await hashPassword(input.newPassword), now);
  // Whoever held the old password loses every session, in the back-office as well.
  await repo.revokeUserFamilies(user.id, 'password_reset', now);
  await deps.endStaffSessions(user.id, now);
  await limiter.reset(
    loginKeys({ kind: 'email', email: user.email, password: '' }, '', user.id).account,
  );
  return authTexts.passwordReset[language];
}
