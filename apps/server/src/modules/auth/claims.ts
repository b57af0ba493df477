import { authTexts } from '@shop/contracts/auth-rules';
import { AppError } from '../../platform/errors.ts';
import { MAX_CLAIMANTS, type AuthContext } from './auth-context.ts';
import type { Claim, OtpOwner, UserRow } from './auth.repo.ts';

/**
 * Whose codes prove a target (ADR 0046): its proved holder's or its only claimant's; where
 * several accounts claim it unproved, the one the browser's claim ticket names, else those of
 * every claimant (each code was issued for one account, so the match names it). `claimants` is
 * findClaimants' answer.
 */
export const proverOf = (
  ctx: AuthContext,
  claimants: UserRow[],
  claim: Claim,
  ticket: string | undefined,
): OtpOwner | undefined => {
  const [first] = claimants;
  if (!first) return undefined;
  if (claimants.length === 1) return { userId: first.id };
  const ticketed = claimantNamed(ctx, claimants, ticket);
  return ticketed ? { userId: ticketed.id } : { claimOf: claim };
};

/** The claimant the claim ticket names, if it is one of them. */
const claimantNamed = (
  { tickets }: AuthContext,
  claimants: UserRow[],
  ticket: string | undefined,
) => {
  const id = tickets.accountOf(ticket);
  return id === undefined ? undefined : claimants.find((c) => c.id === id);
};

/**
 * Who a code sent to the target is for (ADR 0046): `nobody` has it, or the `holder` proved it,
 * or the account it is `for` (its only claimant, or among several the one the ticket names);
 * among several without such a ticket nothing is sent (`contested`), as a code for the newest
 * claim could be a squatter's that the owner would then prove.
 */
export async function codeRecipient(
  ctx: AuthContext,
  claim: Claim,
  ticket: string | undefined,
): Promise<{ nobody: true } | { holder: UserRow } | { for: UserRow } | { contested: true }> {
  const claimants = await ctx.repo.findClaimants(claim, MAX_CLAIMANTS);
  const [first] = claimants;
  if (!first) return { nobody: true };
  if ((claim.channel === 'email' ? first.emailVerifiedAt : first.phoneVerifiedAt) !== null)
    return { holder: first };
  const recipient = claimants.length === 1 ? first : claimantNamed(ctx, claimants, ticket);
  return recipient ? { for: recipient } : { contested: true };
}

/**
 * The account `userId` proved the target with a code sent to it: it holds it now, and the other
 * unproved claims of it are dropped. Only one account can hold a proved email or phone: the
 * loser of two proving it at the same moment is answered like a wrong code.
 */
export async function holdProved(
  { repo }: AuthContext,
  claim: Claim,
  userId: string,
  now: Date,
): Promise<void> {
  if (!(await repo.markVerified(userId, claim.channel, now)))
    throw new AppError('BAD_REQUEST', authTexts.otpInvalid);
  await repo.dropOtherClaims(claim, userId);
}

/**
 * The account whose code a send to `claim` would be, when this browser's claim ticket names it
 * (the browser signed it up or logged in to it with its password): the sender's own lane of
 * sendGuard. Else null: a stranger's send, counted against the target.
 */
export async function ticketedAccount(
  ctx: AuthContext,
  claim: Claim,
  ticket: string | undefined,
): Promise<string | null> {
  const named = ctx.tickets.accountOf(ticket);
  if (named === undefined) return null;
  const recipient = await codeRecipient(ctx, claim, ticket);
  return 'for' in recipient && recipient.for.id === named ? named : null;
}
