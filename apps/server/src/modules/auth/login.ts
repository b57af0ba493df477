import type { LoginInput, TokenData } from '@shop/contracts/auth';
import {
  authTexts,
  LOGIN_ACCOUNT_FAILURE_WINDOW_MS,
  LOGIN_ACCOUNT_MAX_FAILURES,
  LOGIN_ADDRESS_MAX_ACCOUNTS,
  LOGIN_FAILURE_WINDOW_MS,
} from '@shop/contracts/auth-rules';
import { AppError } from '../../platform/errors.ts';
import { clientNetwork } from '../../platform/http.ts';
import { loginLane } from '../../platform/login-lanes.ts';
import { LOGIN_CLAIMANTS, sha256, tooManyLoginAttempts, type AuthContext } from './auth-context.ts';
import type { UserRow } from './auth.repo.ts';
import { verifyAgainstDummy, verifyPassword } from './password-policy.ts';
import { issueSession } from './sessions.ts';

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

/**
 * The counters of a login. An existing account is counted by its id, so its email and phone
 * number share one budget; an unknown identifier by its hash.
 */
export const loginKeys = (input: LoginInput, address: string, userId?: string) => {
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

/**
 * The untrusted limits, in order: the (account, address) lane, the account's cap over all
 * unknown devices, the address's count of different failing accounts. Refused by one, the
 * attempt is taken back from those before it, so it counts against no limit. Past the address's
 * limit a solved challenge lets the attempt through (ADR 0045): never a flat refusal there.
 */
async function reserveUnknownDevice(
  ctx: AuthContext,
  keys: ReturnType<typeof loginKeys>,
  network: string,
  proof: string | undefined,
): Promise<number> {
  const { deps, limiter, lanes } = ctx;
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

export async function login(
  ctx: AuthContext,
  input: LoginInput,
  client: LoginClient,
): Promise<LoginResult> {
  const { deps, repo, limiter, clock, tickets, devices, lanes } = ctx;
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
    : await reserveUnknownDevice(ctx, keys, network, client.proof);

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

  const session = await issueSession(ctx, user);
  if (deps.singleSession) {
    // SINGLE_SESSION: the other sessions end; their next call answers OTHER_DEVICE_LOGIN.
    await repo.revokeUserFamilies(user.id, 'other_device_login', clock(), session.familyId);
  }
  const deviceToken =
    client.device && devices.known(client.device, user.id) ? client.device : devices.issue(user.id);
  return { data: session.data, device: deviceToken };
}
