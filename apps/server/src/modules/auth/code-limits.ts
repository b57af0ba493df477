import { OTP_RESEND_COOLDOWN_SECONDS } from '@shop/contracts/auth';
import { authTextWith } from '@shop/contracts/auth-rules';
import type { Language } from '@shop/contracts/i18n';
import { AppError } from '../../platform/errors.ts';
import { clientNetwork } from '../../platform/http.ts';
import { sha256, type AuthContext } from './auth-context.ts';
import { codeLimitMessages } from './auth.messages.ts';

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

export const targetKey = (kind: 'email' | 'sms', target: string) => `${kind}:${sha256(target)}`;
const cooldownMessage = (waitMs: number, language: Language) =>
  authTextWith.otpCooldown(Math.max(1, Math.ceil(waitMs / 1000)), language);

/**
 * Client addresses are counted by network (clientNetwork: an IPv6 /64 is one subscriber).
 * Counts a try against an address limit and then a target limit, refusing with `message` when
 * either is over; a try the target limit refuses is taken back from the address limit. Answers
 * a function that gives both back (a successful check).
 */
export async function guard(
  { limiter }: AuthContext,
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
export async function sendGuard(
  ctx: AuthContext,
  clientAddress: string,
  kind: 'email' | 'sms',
  target: string,
  cooldown: string,
  language: Language,
  account: string | null = null,
): Promise<void> {
  const { limiter } = ctx;
  const message = codeLimitMessages.tooManyCodeRequests[language];
  const { sendsPerAddress, sendsPerTarget, sendsPerAccountHour, sendsPerAccountDay } = codeLimits;
  const addressKey = `code-send:address:${clientNetwork(clientAddress)}`;
  await guard(ctx, { key: addressKey, ...sendsPerAddress }, null, message);
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
 * Before a code is checked: per client address and per target (email or phone). Answers
 * `passed` (gives the try back after a successful check) and `another`, which counts one more
 * comparison against the target's checks (false, counting nothing, when they are used up).
 */
export async function checkGuard(
  ctx: AuthContext,
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
    ctx,
    { key: `code-check:address:${clientNetwork(clientAddress)}`, ...codeLimits.checksPerAddress },
    targetLimit,
    codeLimitMessages.tooManyCodeChecks[language],
  );
  const another = async () => {
    if ((await ctx.limiter.hit(targetLimit.key, targetLimit.windowMs)) <= targetLimit.max)
      return true;
    await ctx.limiter.release(targetLimit.key);
    return false;
  };
  return { passed, another };
}
