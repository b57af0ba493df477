import { createHash, randomInt } from 'node:crypto';
import type { LoginChallenge } from '@shop/contracts/auth';
import { authTexts, LOGIN_ADDRESS_MAX_ACCOUNTS } from '@shop/contracts/auth-rules';
import type { ErrorBody } from '@shop/contracts/errors';
import type { Language } from '@shop/contracts/i18n';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { RateLimitStore } from '../../platform/rate-limit.ts';

/**
 * Proof of work for logins past an address's spray limit (ADR 0045). Instead of refusing every
 * unknown device at a carrier NAT where a password spray ran, the login asks for a solved ALTCHA
 * challenge: a browser finds it in a fraction of a second, a spray pays that for every try.
 */

/** A challenge can be solved and used within this time; its used mark is kept as long. */
export const LOGIN_PROOF_TTL_MS = 5 * 60 * 1000;
/**
 * The work doubles for every further LOGIN_ADDRESS_MAX_ACCOUNTS failing accounts, up to 16 times
 * (160,000 SHA-256: about a tenth of a second natively, some seconds in a phone's browser, within
 * the web solver's 30 s). Each proved try costs the server an argon2 check; the `session` request
 * limit (300 a minute per address, ADR 0026) bounds how many.
 */
export const LOGIN_PROOF_MAX_DOUBLINGS = 4;

const ALGORITHM = 'SHA-256';

/** 428 PROOF_REQUIRED with the challenge to solve, in the error body beside the message. */
export class ProofRequiredError extends AppError {
  constructor(readonly challenge: LoginChallenge) {
    super('PROOF_REQUIRED', authTexts.loginProofRequired);
    this.name = 'ProofRequiredError';
  }

  override body(language: Language): ErrorBody & { challenge: LoginChallenge } {
    return { ...super.body(language), challenge: this.challenge };
  }
}

/** The proof a client sends: base64url of JSON {challenge, solution}, as altcha's widget does. */
const proofSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string().max(64),
      salt: z.string().max(64),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(128),
      expiresAt: z.number(),
      data: z.object({ net: z.string().max(64) }),
    }),
    signature: z.string().max(128),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(128) }),
});
type Proof = z.infer<typeof proofSchema>;

function readProof(value: string): Proof | null {
  try {
    const parsed = proofSchema.safeParse(
      JSON.parse(Buffer.from(value, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The client network a challenge is bound to, so one solved elsewhere does not count here. */
const networkTag = (network: string) =>
  createHash('sha256').update(`login-proof:${network}`).digest('base64url');

/**
 * Largest counter of a challenge for an address with this many different failing accounts: the
 * configured difficulty, doubled for every LOGIN_ADDRESS_MAX_ACCOUNTS more of them (at most 16×).
 */
export function proofWork(difficulty: number, failingAccounts: number): number {
  const over = Math.max(failingAccounts - LOGIN_ADDRESS_MAX_ACCOUNTS - 1, 0);
  const doublings = Math.min(
    Math.floor(over / LOGIN_ADDRESS_MAX_ACCOUNTS),
    LOGIN_PROOF_MAX_DOUBLINGS,
  );
  return difficulty * 2 ** doublings;
}

export function createLoginProofs(deps: {
  limiter: RateLimitStore;
  clock: Clock;
  /** Signs the challenge. */
  signatureKey: string;
  /** Signs the expected answer, so a solution is checked with one HMAC, not by hashing. */
  keySignatureKey: string;
  /** The first challenges' largest counter (LOGIN_PROOF_DIFFICULTY): the SHA-256 runs to expect. */
  difficulty: number;
}) {
  const { limiter, clock } = deps;
  return {
    /** A new challenge for a login from `network`, harder the more accounts failed there. */
    async required(network: string, failingAccounts: number): Promise<ProofRequiredError> {
      const top = proofWork(deps.difficulty, failingAccounts);
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        deriveKey,
        // Deterministic mode: the server knows the answer and signs it (keySignature).
        counter: randomInt(Math.ceil(top / 2), top + 1),
        expiresAt: new Date(clock().getTime() + LOGIN_PROOF_TTL_MS),
        data: { net: networkTag(network) },
        hmacSignatureSecret: deps.signatureKey,
        hmacKeySignatureSecret: deps.keySignatureKey,
      });
      return new ProofRequiredError(challenge as LoginChallenge);
    },

    /**
     * Whether `value` is a solved challenge of ours, for this network, not expired and not used
     * before; it is used up here (one login try per solution, across instances through Redis).
     */
    async redeem(value: string | undefined, network: string): Promise<boolean> {
      const proof = value ? readProof(value) : null;
      if (!proof) return false;
      const { parameters } = proof.challenge;
      const now = clock().getTime();
      const left = parameters.expiresAt * 1000 - now;
      if (left <= 0 || parameters.data.net !== networkTag(network)) return false;
      const verdict = await verifySolution({
        challenge: proof.challenge,
        solution: proof.solution,
        deriveKey,
        hmacSignatureSecret: deps.signatureKey,
        hmacKeySignatureSecret: deps.keySignatureKey,
      }).catch(() => null);
      if (!verdict?.verified) return false;
      // The signature names the challenge; the first to claim it wins, any later use is refused.
      return (await limiter.claim(`login:proof:${proof.challenge.signature}`, left)) === 0;
    },
  };
}

export type LoginProofs = ReturnType<typeof createLoginProofs>;
