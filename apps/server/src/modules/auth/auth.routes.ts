import {
  changePasswordRequestSchema,
  guestSessionResponseSchema,
  loginProofRequiredSchema,
  loginRequestSchema,
  messageResponseSchema,
  otpSentResponseSchema,
  type MessageResponse,
  type OtpSentResponse,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileResponseSchema,
  refreshTokenBodySchema,
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
import {
  authTexts,
  authTextWith,
  LOGIN_DEVICE_COOKIE_MAX_AGE_SECONDS,
  REFRESH_FAMILY_TTL_SECONDS,
  REFRESH_TRANSPORT_HEADER,
} from '@shop/contracts/auth-rules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuard } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { errorResponses, requestLanguage } from '../../platform/http.ts';
import { UNVERIFIED_DELETE_SECONDS, type AuthService } from './auth.service.ts';
import { CLAIM_TICKET_COOKIE } from './claim-ticket.ts';
import type { CodeCaller } from './auth-context.ts';
import type { OtpSent } from './otp-codes.ts';

const errors = errorResponses(400, 401, 403, 409, 429);

/**
 * The device cookie of login throttling (ADR 0013): only the login call sees it, scripts cannot
 * read it, and a browser that has it for an account is not locked out by others' failures.
 */
export const LOGIN_DEVICE_COOKIE = 'login_device';

/**
 * The refresh credential of the web app (ADR 0015): HttpOnly so no script can read it,
 * SameSite=Strict so no other site's page can make the browser send it, and sent only to the auth
 * calls (refresh and logout both need it; the rest of the API never sees it).
 */
export const REFRESH_COOKIE = 'refresh_session';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

function setRefreshCookie(reply: FastifyReply, refreshToken: string, secure: boolean) {
  void reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    // The family's absolute lifetime; the server enforces it whatever the cookie says.
    maxAge: REFRESH_FAMILY_TTL_SECONDS,
  });
}

function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  void reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
  });
}

/**
 * The refresh token in the cookie, honoured only on a JSON request: a page of another site can
 * send JSON cross-origin only after a CORS preflight, which this server never grants (ADR 0015).
 */
function cookieRefreshToken(request: FastifyRequest): string | undefined {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) return undefined;
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 512 ? value : undefined;
}

/**
 * The claim ticket (ADR 0046): names the account this browser signed up (or logged in to with the
 * right password) while it has not proved its email or phone, so codes of an email or phone that
 * several accounts claim are sent and checked for that account. HttpOnly and SameSite=Strict like
 * the refresh cookie, sent to the auth calls only, and kept as long as an unproved account is.
 */
function setClaimTicket(reply: FastifyReply, ticket: string, secure: boolean) {
  void reply.setCookie(CLAIM_TICKET_COOKIE, ticket, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    maxAge: UNVERIFIED_DELETE_SECONDS,
  });
}

const claimTicket = (request: FastifyRequest): string | undefined =>
  request.cookies[CLAIM_TICKET_COOKIE];

const wantsCookieOnly = (request: FastifyRequest) =>
  request.headers[REFRESH_TRANSPORT_HEADER] === 'cookie';

/**
 * The spec lets token fields be under data or at the top level; both are sent. The refresh token
 * always goes into the HttpOnly cookie, and into the body only for a caller that holds it itself
 * (an API client), never for one that uses the cookie.
 */
function tokenAnswer(
  reply: FastifyReply,
  message: string,
  tokens: TokenData,
  options: { secureCookies: boolean; refreshTokenInBody: boolean },
): TokenResponse {
  // Tokens must not be kept by any cache between the shop and the browser.
  void reply.header('cache-control', 'no-store');
  if (tokens.refreshToken) setRefreshCookie(reply, tokens.refreshToken, options.secureCookies);
  const { refreshToken, ...rest } = tokens;
  const data = options.refreshTokenInBody ? tokens : rest;
  return {
    success: true,
    message,
    data,
    accessToken: data.accessToken,
    ...(options.refreshTokenInBody ? { refreshToken } : {}),
    user: data.user,
  };
}

export const authRoutes =
  (
    service: AuthService,
    guard: AuthGuard,
    membership: (userId: string) => Promise<Membership>,
    options: { secureCookies: boolean },
  ): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['auth'];

    app.post(
      '/api/v1/auth/register',
      {
        config: { requestLimit: 'register' },
        schema: {
          tags,
          summary: 'Create an account; a code is emailed (900 s)',
          body: registerRequestSchema,
          response: { 201: registerResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { claimTicket: ticket, ...result } = await service.register(
          request.body,
          requestLanguage(request),
          request.ip,
        );
        setClaimTicket(reply, ticket, options.secureCookies);
        return reply.status(201).send({
          success: true as const,
          message: authTextWith.registered(result.user.email, requestLanguage(request)),
          data: result,
        });
      },
    );

    app.post(
      '/api/v1/auth/login',
      {
        config: { requestLimit: 'session' },
        schema: {
          tags,
          summary:
            'Log in with {phoneNumber, password} or {email, password}; past the spray limit of ' +
            'the address, 428 PROOF_REQUIRED asks for a solved challenge in {proof} (ADR 0045)',
          body: loginRequestSchema,
          response: { 200: tokenResponseSchema, ...errors, 428: loginProofRequiredSchema },
        },
      },
      async (request, reply) => {
        const { data, device } = await service.login(request.body, {
          address: request.ip,
          device: request.cookies[LOGIN_DEVICE_COOKIE],
          proof: request.body.proof,
          keepClaimTicket: (ticket) => {
            setClaimTicket(reply, ticket, options.secureCookies);
          },
        });
        void reply.setCookie(LOGIN_DEVICE_COOKIE, device, {
          path: '/api/v1/auth/login',
          httpOnly: true,
          sameSite: 'strict',
          secure: options.secureCookies,
          maxAge: LOGIN_DEVICE_COOKIE_MAX_AGE_SECONDS,
        });
        return tokenAnswer(reply, authTexts.loginSuccessful[requestLanguage(request)], data, {
          secureCookies: options.secureCookies,
          refreshTokenInBody: !wantsCookieOnly(request),
        });
      },
    );

    app.post(
      '/api/v1/auth/refresh-token',
      {
        config: { requestLimit: 'session' },
        schema: {
          tags,
          summary:
            'Exchange a refresh token ({refreshToken}, or the HttpOnly refresh cookie) for new tokens (rotation)',
          body: refreshTokenBodySchema,
          response: { 200: tokenResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const fromBody = request.body.refreshToken;
        const refreshToken = fromBody ?? cookieRefreshToken(request);
        if (!refreshToken) throw new AppError('VALIDATION_ERROR', authTexts.refreshMissing);
        let tokens: TokenData;
        try {
          tokens = await service.refresh(refreshToken);
        } catch (error) {
          // A dead cookie (revoked, expired, replayed) is of no further use: the browser drops it.
          if (fromBody === undefined && error instanceof AppError && error.statusCode === 401)
            clearRefreshCookie(reply, options.secureCookies);
          throw error;
        }
        return tokenAnswer(reply, authTexts.tokenRefreshed[requestLanguage(request)], tokens, {
          secureCookies: options.secureCookies,
          // A token that came from the cookie never goes back where script can read it.
          refreshTokenInBody: fromBody !== undefined && !wantsCookieOnly(request),
        });
      },
    );

    app.post(
      '/api/v1/auth/logout',
      {
        config: { requestLimit: 'session' },
        schema: {
          tags,
          summary:
            'End the session of the bearer token, else of the refresh token sent (body or HttpOnly cookie)',
          // No body at all is fine (the spec sends none); Fastify then hands the schema null.
          body: z.nullish(z.object({ refreshToken: z.optional(z.string().max(512)) })),
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        // Whatever happens below, this browser's refresh cookie is done with.
        clearRefreshCookie(reply, options.secureCookies);
        const refreshToken = request.body?.refreshToken ?? cookieRefreshToken(request);
        let ended = false;
        if (request.headers.authorization || !refreshToken) {
          try {
            const user = await guard.requireUser(request);
            await service.logout(user.sessionId);
            ended = true;
          } catch (error) {
            // An access token that expired while offline: the refresh token still names the session.
            if (!refreshToken) throw error;
          }
        }
        if (refreshToken && (await service.logoutByRefreshToken(refreshToken))) ended = true;
        if (!ended) throw new AppError('UNAUTHORIZED', authTexts.refreshInvalid);
        return {
          success: true as const,
          message: authTexts.loggedOut[requestLanguage(request)],
        };
      },
    );

    /**
     * A call that sends or checks a one-time code: throttled as such, and its service step is given
     * the body with the caller's language, address and claim ticket (ADR 0046).
     */
    const codeCall = <B extends z.core.$ZodType>(
      path: string,
      requestLimit: 'codeSends' | 'codeChecks',
      summary: string,
      body: B,
      response: typeof otpSentResponseSchema | typeof messageResponseSchema,
      step: (
        body: z.output<B>,
        ...caller: CodeCaller
      ) => Promise<OtpSentResponse | MessageResponse>,
    ) =>
      app.post(
        path,
        {
          config: { requestLimit },
          schema: { tags, summary, body, response: { 200: response, ...errors } },
        },
        async (request) =>
          step(
            request.body as z.output<B>,
            requestLanguage(request),
            request.ip,
            claimTicket(request),
          ),
      );
    const codeSent = ({ message, ...data }: OtpSent) => ({ success: true as const, message, data });
    const checked = (message: string) => ({ success: true as const, message });

    codeCall(
      '/api/v1/auth/verify/email/send',
      'codeSends',
      'Email a verification code',
      sendEmailOtpRequestSchema,
      otpSentResponseSchema,
      async (body, ...caller) => codeSent(await service.sendEmailOtp(body.email, ...caller)),
    );
    codeCall(
      '/api/v1/auth/verify/phone/send',
      'codeSends',
      'Text a verification code',
      sendPhoneOtpRequestSchema,
      otpSentResponseSchema,
      async (body, ...caller) => codeSent(await service.sendPhoneOtp(body.phoneNumber, ...caller)),
    );
    codeCall(
      '/api/v1/auth/verify/otp',
      'codeChecks',
      'Verify an email ({email, otp}) or a phone ({phoneNumber, otp})',
      verifyOtpRequestSchema,
      messageResponseSchema,
      async (body, ...caller) => checked(await service.verifyOtp(body, ...caller)),
    );
    codeCall(
      '/api/v1/auth/password/reset/request',
      'codeSends',
      'Email a password-reset code (300 s); same answer for unknown emails',
      passwordResetRequestSchema,
      otpSentResponseSchema,
      async (body, ...caller) =>
        codeSent(await service.requestPasswordReset(body.email, ...caller)),
    );
    codeCall(
      '/api/v1/auth/password/reset/confirm',
      'codeChecks',
      'Set a new password with the emailed code',
      passwordResetConfirmSchema,
      messageResponseSchema,
      async (body, ...caller) => checked(await service.confirmPasswordReset(body, ...caller)),
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

    app.put(
      '/api/v1/users/password',
      {
        config: { requestLimit: 'password' },
        schema: {
          tags: ['users'],
          summary:
            "Change the signed-in user's password ({currentPassword, newPassword}); the user's " +
            'other sessions end, this one stays',
          body: changePasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = await guard.requireUser(request);
        void reply.header('cache-control', 'no-store');
        return {
          success: true as const,
          message: await service.changePassword(caller, request.body, requestLanguage(request)),
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
