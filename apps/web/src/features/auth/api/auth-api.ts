import type {
  ChangePasswordRequest,
  LoginRequest,
  PasswordResetConfirm,
  PasswordResetRequest,
  RegisterRequest,
  User,
  VerifyOtpRequest,
} from '@shop/contracts/auth';
import { REFRESH_TRANSPORT_HEADER } from '@shop/contracts/auth-session-rules';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { getAuthSession } from '../../../lib/auth-session.ts';

/** The account calls of account spec §7. None of them sends the Bearer token except profile. */
const base = '/api/v1/auth';

/** The refresh token is not part of it: the server keeps it in an HttpOnly cookie (ADR 0015). */
export interface LoginAnswer {
  accessToken: string;
  user: User;
}

// The schemas arrive with the first call rather than in a page's first JavaScript: the verify pages
// start without the schema library (issue 29).
const schemas = () => import('@shop/contracts/auth');
const otpSentSchema = () => schemas().then((m) => m.otpSentResponseSchema);
const messageSchema = () => schemas().then((m) => m.messageResponseSchema);
const anyAnswer = () => import('zod/mini').then((z) => z.unknown());

/** What a login answer must carry, under data or at the top level. */
async function tokenFieldsSchema() {
  const [{ userSchema }, z] = await Promise.all([schemas(), import('zod/mini')]);
  return z.object({ accessToken: z.string().check(z.minLength(1)), user: userSchema });
}

/** Thrown when a 2xx login answer lacks the tokens (account spec §8). */
export class InvalidLoginResponseError extends Error {
  constructor() {
    super('Invalid login response structure');
    this.name = 'InvalidLoginResponseError';
  }
}

/** Challenges solved for one login before the server's answer is shown as it is. */
const MAX_PROOF_ROUNDS = 2;

/**
 * Login answers carry the tokens under data or at the top level (account spec §7). Past the spray
 * limit of the address the server asks for a proof of work (428 PROOF_REQUIRED, ADR 0045): it is
 * solved here and the login sent again with it; `onProving` tells the form, which says so.
 */
export async function login(body: LoginRequest, onProving?: () => void): Promise<LoginAnswer> {
  // A logout still owed to the server goes first, while the cookie still names that session:
  // the login answer replaces the cookie.
  await getAuthSession().flushPendingLogout();
  for (let round = 0; ; round += 1) {
    try {
      return await sendLogin(body);
    } catch (error) {
      if (
        round >= MAX_PROOF_ROUNDS ||
        !(error instanceof ApiError) ||
        error.code !== 'PROOF_REQUIRED'
      )
        throw error;
      onProving?.();
      const { solveLoginChallenge } = await import('./login-proof.ts');
      const proof = await solveLoginChallenge(error.body);
      if (!proof) throw error;
      body = { ...body, proof };
    }
  }
}

async function sendLogin(body: LoginRequest): Promise<LoginAnswer> {
  const [json, tokenFields] = await Promise.all([
    apiRequest(`${base}/login`, anyAnswer, {
      method: 'POST',
      body,
      auth: false,
      // The refresh token stays in the HttpOnly cookie and out of this answer.
      headers: { [REFRESH_TRANSPORT_HEADER]: 'cookie' },
    }),
    tokenFieldsSchema(),
  ]);
  const record = typeof json === 'object' && json !== null ? json : {};
  const nested = 'data' in record ? tokenFields.safeParse(record.data) : null;
  if (nested?.success) return nested.data;
  const top = tokenFields.safeParse(record);
  if (top.success) return top.data;
  throw new InvalidLoginResponseError();
}

export const register = (body: RegisterRequest) =>
  apiRequest(`${base}/register`, () => schemas().then((m) => m.registerResponseSchema), {
    method: 'POST',
    body,
    auth: false,
  });

export const sendEmailOtp = (email: string) =>
  apiRequest(`${base}/verify/email/send`, otpSentSchema, {
    method: 'POST',
    body: { email },
    auth: false,
  });

export const sendPhoneOtp = (phoneNumber: string) =>
  apiRequest(`${base}/verify/phone/send`, otpSentSchema, {
    method: 'POST',
    body: { phoneNumber },
    auth: false,
  });

export const verifyOtp = (body: VerifyOtpRequest) =>
  apiRequest(`${base}/verify/otp`, messageSchema, { method: 'POST', body, auth: false });

export const requestPasswordReset = (body: PasswordResetRequest) =>
  apiRequest(`${base}/password/reset/request`, otpSentSchema, {
    method: 'POST',
    body,
    auth: false,
  });

export const confirmPasswordReset = (body: PasswordResetConfirm) =>
  apiRequest(`${base}/password/reset/confirm`, messageSchema, {
    method: 'POST',
    body,
    auth: false,
  });

/** PUT /api/v1/users/password (bearer): the other devices' sessions end, this one stays. */
export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest('/api/v1/users/password', messageSchema, { method: 'PUT', body });
