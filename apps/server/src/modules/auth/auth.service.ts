import { withContext } from '../../platform/use-case.ts';
import type { Db } from '../../platform/db.ts';
import { profile, sweepUnverified } from './accounts.ts';
import { createAuthContext, type AuthServiceDeps } from './auth-context.ts';
import { createAuthRepo, type AuthRepo } from './auth.repo.ts';
import { login } from './login.ts';
import { changePassword } from './password-change.ts';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.ts';
import { register } from './register.ts';
import { createVerifier, logout, logoutByRefreshToken, refresh } from './sessions.ts';
import { sendEmailOtp, sendPhoneOtp, verifyOtp } from './verification.ts';

export type { Claim, UserRow } from './auth.repo.ts';
export { UNVERIFIED_DELETE_SECONDS } from './accounts.ts';
export { accountOf, loginLockoutMs, toUser, type AuthServiceDeps } from './auth-context.ts';
export { codeLimits } from './code-limits.ts';
export type { LoginClient, LoginResult } from './login.ts';
export type { OtpSent } from './otp-codes.ts';
export { REFRESH_GRACE_SECONDS } from './sessions.ts';

/**
 * What the back-office does to accounts (ADR 0072): staff sign-in reads them, admin:create makes or
 * promotes a staff account in its own transaction.
 */
export type StaffAccountRecords = Pick<
  AuthRepo,
  | 'findUserById'
  | 'findUserByEmail'
  | 'findClaimants'
  | 'setRoleAndPassword'
  | 'revokeUserFamilies'
  | 'insertStaffUser'
  | 'dropOtherClaims'
>;
export const staffAccountRecords = (db: Db): StaffAccountRecords => createAuthRepo(db);

/**
 * The auth service (issue 30: one file a use case): sign-up (register.ts), login with its limits
 * and lockouts (login.ts), sessions and their token families (sessions.ts), email and phone codes
 * (verification.ts), password reset (password-reset.ts) and change (password-change.ts), the
 * profile and the sweep of unverified accounts (accounts.ts), each given the context built here.
 * They share the codes (otp-codes.ts), their limits (code-limits.ts) and who a code is for
 * (claims.ts).
 */
export function createAuthService(deps: AuthServiceDeps) {
  const ctx = createAuthContext(deps);
  const use = withContext(ctx);
  return {
    verifier: createVerifier(ctx),
    register: use(register),
    login: use(login),
    logout: use(logout),
    logoutByRefreshToken: use(logoutByRefreshToken),
    refresh: use(refresh),
    /** The periodic sweep: deletes accounts unverified for 7 days, a batch at a time. */
    sweepUnverified: use(sweepUnverified),
    profile: use(profile),
    sendEmailOtp: use(sendEmailOtp),
    sendPhoneOtp: use(sendPhoneOtp),
    verifyOtp: use(verifyOtp),
    requestPasswordReset: use(requestPasswordReset),
    confirmPasswordReset: use(confirmPasswordReset),
    /** PUT /api/v1/users/password: a new password for the signed-in user (password-change.ts). */
    changePassword: use(changePassword),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
