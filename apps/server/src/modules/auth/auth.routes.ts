import {
  guestSessionResponseSchema,
  loginRequestSchema,
  messageResponseSchema,
  otpSentResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileResponseSchema,
  refreshTokenRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  sendEmailOtpRequestSchema,
  sendPhoneOtpRequestSchema,
  tokenResponseSchema,
  verifyOtpRequestSchema,
  type Membership,
  type TokenData,
  type TokenResponse,
} from '@shop/contracts/auth';
import { errorBodySchema } from '@shop/contracts/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuard } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { requestLanguage } from '../../platform/http.ts';
import type { AuthService } from './auth.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** The spec lets token fields be under data or at the top level; both are sent. */
function tokenAnswer(reply: FastifyReply, message: string, data: TokenData): TokenResponse {
  // Tokens must not be kept by any cache between the shop and the browser.
  void reply.header('cache-control', 'no-store');
  return {
    success: true,
    message,
    data,
    accessToken: data.accessToken,
    refreshToken: data.refreshToken,
    user: data.user,
  };
}

export const authRoutes =
  (
    service: AuthService,
    guard: AuthGuard,
    membership: (userId: string) => Promise<Membership>,
  ): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['auth'];

    app.post(
      '/api/v1/auth/register',
      {
        schema: {
          tags,
          summary: 'Create an account; a code is emailed (900 s)',
          body: registerRequestSchema,
          response: { 201: registerResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await service.register(request.body, requestLanguage(request));
        return reply.status(201).send({
          success: true as const,
          message: `Registration successful. We've sent a verification code to ${result.user.email}`,
          data: result,
        });
      },
    );

    app.post(
      '/api/v1/auth/login',
      {
        schema: {
          tags,
          summary: 'Log in with {phoneNumber, password} or {email, password}',
          body: loginRequestSchema,
          response: { 200: tokenResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        tokenAnswer(reply, 'Login successful', await service.login(request.body, request.ip)),
    );

    app.post(
      '/api/v1/auth/refresh-token',
      {
        schema: {
          tags,
          summary: 'Exchange a refresh token for new tokens (rotation)',
          body: refreshTokenRequestSchema,
          response: { 200: tokenResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        tokenAnswer(
          reply,
          'Token refreshed successfully',
          await service.refresh(request.body.refreshToken),
        ),
    );

    app.post(
      '/api/v1/auth/logout',
      {
        schema: {
          tags,
          summary: 'End the session of the bearer token (or of the refresh token sent)',
          // No body at all is fine (the spec sends none); Fastify then hands the schema null.
          body: z.nullish(z.object({ refreshToken: z.optional(z.string().max(512)) })),
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const refreshToken = request.body?.refreshToken;
        if (request.headers.authorization || !refreshToken) {
          const user = await guard.requireUser(request);
          await service.logout(user.sessionId);
        } else if (!(await service.logoutByRefreshToken(refreshToken))) {
          throw new AppError('UNAUTHORIZED', 'Refresh token expired or invalid');
        }
        return { success: true as const, message: 'Logged out successfully' };
      },
    );

    app.post(
      '/api/v1/auth/verify/email/send',
      {
        schema: {
          tags,
          summary: 'Email a verification code',
          body: sendEmailOtpRequestSchema,
          response: { 200: otpSentResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { message, ...data } = await service.sendEmailOtp(
          request.body.email,
          requestLanguage(request),
        );
        return { success: true as const, message, data };
      },
    );

    app.post(
      '/api/v1/auth/verify/phone/send',
      {
        schema: {
          tags,
          summary: 'Text a verification code',
          body: sendPhoneOtpRequestSchema,
          response: { 200: otpSentResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { message, ...data } = await service.sendPhoneOtp(
          request.body.phoneNumber,
          requestLanguage(request),
        );
        return { success: true as const, message, data };
      },
    );

    app.post(
      '/api/v1/auth/verify/otp',
      {
        schema: {
          tags,
          summary: 'Verify an email ({email, otp}) or a phone ({phoneNumber, otp})',
          body: verifyOtpRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: await service.verifyOtp(request.body),
      }),
    );

    app.post(
      '/api/v1/auth/password/reset/request',
      {
        schema: {
          tags,
          summary: 'Email a password-reset code (300 s); same answer for unknown emails',
          body: passwordResetRequestSchema,
          response: { 200: otpSentResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { message, ...data } = await service.requestPasswordReset(
          request.body.email,
          requestLanguage(request),
        );
        return { success: true as const, message, data };
      },
    );

    app.post(
      '/api/v1/auth/password/reset/confirm',
      {
        schema: {
          tags,
          summary: 'Set a new password with the emailed code',
          body: passwordResetConfirmSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: await service.confirmPasswordReset(request.body),
      }),
    );

    app.get(
      '/api/v1/users/profile',
      {
        schema: {
          tags: ['users'],
          summary: 'The signed-in user (bearer token) and their loyalty membership',
          response: { 200: profileResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = await guard.requireUser(request);
        void reply.header('cache-control', 'private, no-store');
        return {
          success: true as const,
          user: await service.profile(caller.userId),
          membership: await membership(caller.userId),
        };
      },
    );

    app.get(
      '/api/v1/auth/guest-session',
      {
        schema: {
          tags,
          summary: 'The guest id of this browser (header gid or cookie gid), issuing one if needed',
          response: { 200: guestSessionResponseSchema },
        },
      },
      (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return { success: true as const, gid: guard.guestId(request, reply) };
      },
    );
  };
