import { passwordMessages } from '@shop/contracts/auth';
import { authTexts, LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@shop/contracts/auth-rules';
import type { Language } from '@shop/contracts/i18n';
import { AppError } from '../../platform/errors.ts';
import { passwordOrThrow, type AuthContext } from './auth-context.ts';
import { noticeEmail } from './auth.messages.ts';
import { hashPassword, verifyPassword } from './password-policy.ts';

/**
 * PUT /api/v1/users/password: the signed-in user sets a new password by giving the current
 * one. Wrong current passwords are limited per account like logins (LOGIN_MAX_FAILURES per
 * LOGIN_FAILURE_WINDOW_MS), so a stolen access token cannot be used to guess the password. On
 * success every other session of the user ends; the calling one stays.
 */
export async function changePassword(
  ctx: AuthContext,
  caller: { userId: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
  language: Language,
): Promise<string> {
  const { deps, repo, limiter, clock } = ctx;
  const fail = (code: 'VALIDATION_ERROR' | 'BAD_REQUEST', field: string, message: string) =>
    new AppError(code, message, { [field]: message });
  if (input.currentPassword === '')
    throw fail('VALIDATION_ERROR', 'currentPassword', passwordMessages.enterCurrent[language]);
  const user = await repo.findUserById(caller.userId);
  if (!user) throw new AppError('UNAUTHORIZED', authTexts.sessionExpired);
  passwordOrThrow(input.newPassword, 'newPassword', user, language);

  // The slot is taken before the password is checked, so parallel guesses cannot pass the limit.
  const key = `password-change:${caller.userId}`;
  if ((await limiter.hit(key, LOGIN_FAILURE_WINDOW_MS)) > LOGIN_MAX_FAILURES)
    throw new AppError('TOO_MANY_REQUESTS', passwordMessages.tooManyWrong[language]);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw fail('BAD_REQUEST', 'currentPassword', passwordMessages.currentWrong[language]);
  await limiter.reset(key);
  if (input.newPassword === input.currentPassword)
    throw fail('VALIDATION_ERROR', 'newPassword', passwordMessages.unchanged[language]);

  const now = clock();
  await repo.updatePasswordHash(user.id, await hashPassword(input.newPassword), now);
  // Whoever else holds a session (a lost phone, a thief) is signed out; this device stays.
  await repo.revokeUserFamilies(user.id, 'password_reset', now, caller.sessionId);
  // A staff member signs in to the back-office again with the new password.
  await deps.endStaffSessions(user.id, now);
  // The owner hears of it (ASVS 5.0 6.3.7); a mail that cannot be sent does not undo the change.
  await deps.mailer
    .send(noticeEmail(user.email, 'passwordChanged', language))
    .catch((error: unknown) => {
      deps.log.warn({ err: error }, 'password-changed notice not sent');
    });
  return passwordMessages.changed[language];
}
