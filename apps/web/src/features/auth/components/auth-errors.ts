import '../content/lazy-messages.ts';
import { classifyAuthError, type AuthErrorKind } from '@shop/contracts/auth';
import { errorCodes } from '@shop/contracts/error-codes';
import type { PhoneError } from '@shop/contracts/phone';
import type { TFunction } from '../../../lib/translator.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { InvalidLoginResponseError } from '../api/auth-api.ts';

/**
 * The text to show for a failed call: the server's message (already in the request's language)
 * or the spec's fallback for that call (account spec §8) when the server gave none.
 */
export function errorText(t: TFunction, error: unknown, fallbackKey: string): string {
  if (error instanceof InvalidLoginResponseError) return t('auth.errors.invalidLoginResponse');
  if (error instanceof ApiError && (error.isNetworkError || error.code !== undefined))
    return error.message;
  return t(fallbackKey);
}

/** Phone-rule errors from the shared contract, in the UI language. */
export function phoneErrorText(t: TFunction, error: PhoneError): string {
  return t(`auth.phone.${error.code}`, { operator: error.params.operator, n: error.params.n });
}

/** What a failed call means for the client: verification routing, other-device logout, or a message. */
export function authErrorKind(error: unknown): AuthErrorKind {
  if (!(error instanceof ApiError)) return 'other';
  const code = errorCodes.find((known) => known === error.code);
  return code ? classifyAuthError({ code, error: error.message }) : 'other';
}
