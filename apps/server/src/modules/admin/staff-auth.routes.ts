import {
  staffChallengeRequestSchema,
  staffEnrolResponseSchema,
  staffLoginRequestSchema,
  staffLoginResponseSchema,
  staffMeResponseSchema,
  staffRecoveryRequestSchema,
  staffSessionResponseSchema,
  staffTotpRequestSchema,
} from '@shop/contracts/admin';
import { adminMessages } from '@shop/contracts/admin-messages';
import { LOGIN_DEVICE_COOKIE_MAX_AGE_SECONDS } from '@shop/contracts/auth-rules';
import { plainSuccessSchema } from '@shop/contracts/responses';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, requestLanguage } from '../../platform/http.ts';
import { answer } from './admin-route.ts';
import { ADMIN_PREFIX, staffOf, staffToken } from './staff-access.ts';
import type { StaffAuthService, StaffSession } from './staff-auth.service.ts';

/**
 * The back-office's device cookie of sign-in throttling (ADR 0044, as the shop's of ADR 0013): only
 * step one sees it, scripts cannot read it, and a browser that has it for an account has a lane of
 * its own, which nobody else's failures make wait.
 */
export const STAFF_LOGIN_DEVICE_COOKIE = 'staff_login_device';
const STAFF_LOGIN_PATH = `${ADMIN_PREFIX}/auth/login`;

const errors = errorResponses(400, 401, 403, 409, 429);

/**
 * Staff sign-in (ADR 0033): POST auth/login (email, password) answers a ticket; then auth/totp
 * (a code), or auth/enrol + auth/enrol/confirm the first time, or auth/recovery (a recovery code)
 * answers the session token.
 */
export const staffAuthRoutes =
  (service: StaffAuthService, options: { secureCookies: boolean }): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['admin'];
    /** A step of the sign-in: its own request limit, no role (its ticket is its access). */
    const signInStep = <Body, Ok>(summary: string, body: Body, ok: Ok) => ({
      config: { requestLimit: 'staffSignIn' as const, staffRole: 'signIn' as const },
      schema: { tags, summary, body, response: { 200: ok, ...errors } },
    });
    const session = (request: FastifyRequest, data: StaffSession) =>
      answer(request, adminMessages.signedIn, data);

    app.post(
      STAFF_LOGIN_PATH,
      signInStep(
        'Staff sign-in, step one: email and password; answers the ticket for step two',
        staffLoginRequestSchema,
        staffLoginResponseSchema,
      ),
      async (request, reply) => {
        const { ticket: data, device } = await service.login(
          request.body.email,
          request.body.password,
          { address: request.ip, device: request.cookies[STAFF_LOGIN_DEVICE_COOKIE] },
        );
        void reply.setCookie(STAFF_LOGIN_DEVICE_COOKIE, device, {
          path: STAFF_LOGIN_PATH,
          httpOnly: true,
          sameSite: 'strict',
          secure: options.secureCookies,
          maxAge: LOGIN_DEVICE_COOKIE_MAX_AGE_SECONDS,
        });
        const message = data.totpEnrolled
          ? adminMessages.passwordAccepted
          : adminMessages.enrolFirst;
        return answer(request, message, data);
      },
    );

    app.post(
      `${ADMIN_PREFIX}/auth/totp`,
      signInStep(
        'Staff sign-in, step two: the authenticator code; answers the session token',
        staffTotpRequestSchema,
        staffSessionResponseSchema,
      ),
      async (request) =>
        session(
          request,
          await service.verifyTotp(request.body.challengeToken, request.body.code, request.ip),
        ),
    );

    app.post(
      `${ADMIN_PREFIX}/auth/enrol`,
      signInStep(
        'First sign-in: a new authenticator secret (URI and QR) and recovery codes',
        staffChallengeRequestSchema,
        staffEnrolResponseSchema,
      ),
      async (request) =>
        answer(
          request,
          adminMessages.enrolStarted,
          await service.startEnrolment(request.body.challengeToken),
        ),
    );

    app.post(
      `${ADMIN_PREFIX}/auth/enrol/confirm`,
      signInStep(
        'First sign-in: a code of the new authenticator confirms it and signs in',
        staffTotpRequestSchema,
        staffSessionResponseSchema,
      ),
      async (request) =>
        session(
          request,
          await service.confirmEnrolment(
            request.body.challengeToken,
            request.body.code,
            request.ip,
          ),
        ),
    );

    app.post(
      `${ADMIN_PREFIX}/auth/recovery`,
      signInStep(
        'Staff sign-in, step two without the authenticator: a recovery code, once',
        staffRecoveryRequestSchema,
        staffSessionResponseSchema,
      ),
      async (request) =>
        session(
          request,
          await service.useRecoveryCode(
            request.body.challengeToken,
            request.body.recoveryCode,
            request.ip,
          ),
        ),
    );

    app.get(
      `${ADMIN_PREFIX}/auth/me`,
      {
        config: { requestLimit: 'admin', staffRole: 'support' },
        schema: {
          tags,
          summary: 'The signed-in staff member',
          response: { 200: staffMeResponseSchema, ...errors },
        },
      },
      (request) => {
        const { id, email, name, role } = staffOf(request);
        return Promise.resolve(answer(request, adminMessages.fetched, { id, email, name, role }));
      },
    );

    app.post(
      `${ADMIN_PREFIX}/auth/logout`,
      {
        config: { requestLimit: 'staffSignIn', staffRole: 'support' },
        schema: {
          tags,
          summary: 'Ends the staff session',
          response: { 200: plainSuccessSchema, ...errors },
        },
      },
      async (request) => {
        const token = staffToken(request);
        if (token) await service.signOut(token);
        return {
          success: true as const,
          message: adminMessages.signedOut[requestLanguage(request)],
        };
      },
    );
  };
