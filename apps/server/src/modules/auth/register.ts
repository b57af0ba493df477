import { randomUUID } from 'node:crypto';
import { OTP_RESEND_COOLDOWN_SECONDS, type User } from '@shop/contracts/auth';
import type { Language } from '@shop/contracts/i18n';
import { clientNetwork } from '../../platform/http.ts';
import { nameOrThrow, passwordOrThrow, toUser, type AuthContext } from './auth-context.ts';
import { codeLimitMessages, noticeEmail } from './auth.messages.ts';
import type { UserRow } from './auth.repo.ts';
import { codeLimits, guard, sendGuard, targetKey } from './code-limits.ts';
import { codeTimes, issueOtp } from './otp-codes.ts';
import { hashPassword } from './password-policy.ts';

/** What a sign-up gives: the new account, its code's lifetime and resend wait, its claim ticket. */
export interface Registered {
  user: User;
  expiresIn: number;
  resendAfter: number;
  claimTicket: string;
}

export async function register(
  ctx: AuthContext,
  input: { name: string; email: string; phoneNumber: string; password: string },
  language: Language,
  clientAddress: string,
): Promise<Registered> {
  const { repo, limiter, clock, tickets } = ctx;
  nameOrThrow(input.name, language);
  passwordOrThrow(input.password, 'password', input, language);
  const signUpKey = `sign-up:address:${clientNetwork(clientAddress)}`;
  await guard(
    ctx,
    { key: signUpKey, ...codeLimits.signUpsPerAddress },
    null,
    codeLimitMessages.tooManySignUps[language],
  );
  // The registration code (or the mail in its place) counts as a code send to the email; a
  // sign-up refused there is taken back from the sign-up limit.
  await sendGuard(ctx, clientAddress, 'email', input.email, 'verify-email', language).catch(
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
    return answerTaken(ctx, input, inserted.taken, owner, now, language);
  }
  const sent = await issueOtp(ctx, inserted.user, 'email', 'register', language);
  await textContestedPhone(ctx, inserted.user, language);
  return { user: toUser(inserted.user), ...sent, claimTicket: tickets.issue(inserted.user.id) };
}

/**
 * A sign-up whose email or phone another account proved: that account's owner is told by mail,
 * and the caller gets the answer a new account would (register's step).
 */
async function answerTaken(
  { deps, tickets }: AuthContext,
  input: { name: string; email: string; phoneNumber: string },
  taken: 'email' | 'phone',
  owner: UserRow | undefined,
  now: Date,
  language: Language,
): Promise<Registered> {
  if (owner)
    await deps.mailer.send(
      noticeEmail(
        owner.email,
        taken === 'email' ? 'registerEmailTaken' : 'registerPhoneTaken',
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
    ...codeTimes('register'),
    // A ticket like a new account's (naming no account), so the answer does not differ.
    claimTicket: tickets.issue(id),
  };
}

/**
 * A sign-up with a phone number others claim unproved (ADR 0046) texts the new account a code,
 * so the one who has the phone can prove it. The number's cooldown and daily cap apply as to
 * any text; over them nothing is sent and nothing is said (the answer must not differ).
 */
async function textContestedPhone(
  ctx: AuthContext,
  user: UserRow,
  language: Language,
): Promise<void> {
  const { repo, limiter } = ctx;
  if (!(await repo.hasOtherClaim({ channel: 'sms', target: user.phoneNumber }, user.id))) return;
  const phoneKey = targetKey('sms', user.phoneNumber);
  const wait = await limiter.claim(
    `code-send:cooldown:verify-phone:${phoneKey}`,
    OTP_RESEND_COOLDOWN_SECONDS * 1000,
  );
  if (wait > 0) return;
  const dayKey = `code-send:day:${phoneKey}`;
  if (
    (await limiter.hit(dayKey, codeLimits.sendsPerTarget.windowMs)) > codeLimits.sendsPerTarget.max
  ) {
    await limiter.release(dayKey);
    return;
  }
  await issueOtp(ctx, user, 'sms', 'verify_phone', language);
}
