import {
  messageResponseSchema,
  otpSentResponseSchema,
  registerResponseSchema,
  userSchema,
  type LoginRequest,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  type RegisterRequest,
  type User,
  type VerifyOtpRequest,
} from '@shop/contracts/auth';
import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';

/** The account calls of account spec §7. None of them sends the Bearer token except profile. */
const base = '/api/v1/auth';

export interface LoginAnswer {
  accessToken: string;
  refreshToken: string;
  user: User;
}

const tokenFieldsSchema = z.object({
  accessToken: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
  user: userSchema,
});

/** Thrown when a 2xx login answer lacks the tokens (account spec §8). */
export class InvalidLoginResponseError extends Error {
  constructor() {
    super('Invalid login response structure');
    this.name = 'InvalidLoginResponseError';
  }
}

/** Login answers carry the tokens under data or at the top level (account spec §7). */
export async function login(body: LoginRequest): Promise<LoginAnswer> {
  const json = await apiRequest(`${base}/login`, z.unknown(), {
    method: 'POST',
    body,
    auth: false,
  });
  const record = typeof json === 'object' && json !== null ? json : {};
  const nested = 'data' in record ? tokenFieldsSchema.safeParse(record.data) : null;
  if (nested?.success) return nested.data;
  const top = tokenFieldsSchema.safeParse(record);
  if (top.success) return top.data;
  throw new InvalidLoginResponseError();
}

export const register = (body: RegisterRequest) =>
  apiRequest(`${base}/register`, registerResponseSchema, { method: 'POST', body, auth: false });

export const sendEmailOtp = (email: string) =>
  apiRequest(`${base}/verify/email/send`, otpSentResponseSchema, {
    method: 'POST',
    body: { email },
    auth: false,
  });

export const sendPhoneOtp = (phoneNumber: string) =>
  apiRequest(`${base}/verify/phone/send`, otpSentResponseSchema, {
    method: 'POST',
    body: { phoneNumber },
    auth: false,
  });

export const verifyOtp = (body: VerifyOtpRequest) =>
  apiRequest(`${base}/verify/otp`, messageResponseSchema, { method: 'POST', body, auth: false });

export const requestPasswordReset = (body: PasswordResetRequest) =>
  apiRequest(`${base}/password/reset/request`, otpSentResponseSchema, {
    method: 'POST',
    body,
    auth: false,
  });

export const confirmPasswordReset = (body: PasswordResetConfirm) =>
  apiRequest(`${base}/password/reset/confirm`, messageResponseSchema, {
    method: 'POST',
    body,
    auth: false,
  });
