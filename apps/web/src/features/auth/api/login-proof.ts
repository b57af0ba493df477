import { loginProofRequiredSchema } from '@shop/contracts/auth';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/**
 * The proof of work a login past its address's spray limit brings (ADR 0045). Loaded only when the
 * server asks for it (428 PROOF_REQUIRED): altcha-lib's solver on WebCrypto's SHA-256, a few
 * thousand hashes, a fraction of a second on a phone.
 */

/** Gives up (and the server's message is shown) after this long: a very slow or busy device. */
const SOLVE_TIMEOUT_MS = 30_000;

const toBase64Url = (text: string) =>
  btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

/**
 * The `proof` of a login for the challenge in a PROOF_REQUIRED answer's body: base64url of JSON
 * {challenge, solution}. Null when the body has no challenge or it could not be solved in time.
 */
export async function solveLoginChallenge(body: unknown): Promise<string | null> {
  const answer = loginProofRequiredSchema.safeParse(body);
  if (!answer.success) return null;
  const { challenge } = answer.data;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) return null;
  // Every field is hex, digits or base64url: plain ASCII, as btoa needs.
  return toBase64Url(JSON.stringify({ challenge, solution }));
}
