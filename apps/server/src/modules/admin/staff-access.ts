import type { StaffRole } from '@shop/contracts/admin';
import { adminMessages } from '@shop/contracts/admin-messages';
import { errorBodySchema } from '@shop/contracts/errors';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendHookHandler,
} from 'fastify';
import type { AuthGuard } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditActor } from './audit.service.ts';
import {
  roleAllows,
  STAFF_TOKEN_PREFIX,
  type StaffAuthService,
  type StaffCaller,
} from './staff-auth.service.ts';

/** Where the back-office API lives (DESIGN §1). */
export const ADMIN_PREFIX = '/api/v1/admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The least role a route under /api/v1/admin needs (ADR 0033), checked by one hook before
     * anything else of the request; 'signIn' for the sign-in steps, which carry their own ticket.
     */
    staffRole?: StaffRole | 'signIn';
  }
  interface FastifyInstance {
    /** Every route under /api/v1/admin as registered, with the role it names (for the tests). */
    adminRouteList: readonly { method: string; url: string; staffRole: StaffRole | 'signIn' }[];
  }
  interface FastifyRequest {
    /** The signed-in staff member on /api/v1/admin routes (set by the access hook). */
    staff: StaffCaller | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export const isAdminUrl = (url: string | undefined) =>
  url !== undefined && (url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`));

/** The staff session token of a request, if it sent one. */
export function staffToken(request: FastifyRequest): string | null {
  const match = BEARER.exec(request.headers.authorization ?? '');
  const token = match?.[1];
  return token?.startsWith(STAFF_TOKEN_PREFIX) ? token : null;
}

/** The staff member of a request that passed the access hook. */
export function staffOf(request: FastifyRequest): StaffCaller {
  if (!request.staff) throw new AppError('UNAUTHORIZED', adminMessages.signInRequired);
  return request.staff;
}

/** Who made a staff write, as the audit log records it. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const staff = staffOf(request);
  return { userId: staff.id, email: staff.email, address: request.ip };
}

/** A back-office route's config: the least role it needs, and the back-office request limit. */
export const staffRoute = {
  support: { requestLimit: 'admin', staffRole: 'support' },
  admin: { requestLimit: 'admin', staffRole: 'admin' },
} as const;

/** The error answers of the back-office's routes. */
export const adminErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Staff answers carry customers' data: never kept by a browser or a proxy. */
const noStore: onSendHookHandler = (_request, reply, payload, done) => {
  void reply.header('cache-control', 'no-store');
  done(null, payload);
};

/**
 * The one access check of the back-office (ADR 0033), put on every route under /api/v1/admin as it
 * is registered: no token → 401; a customer's token → 403; a staff session whose role is below the
 * route's → 403. A route there that names no role stops the start. Call before any route is
 * registered and after registerRequestLimits.
 */
export function registerStaffAccess(
  app: FastifyInstance,
  deps: { staffAuth: StaffAuthService; customers: AuthGuard },
): void {
  app.decorateRequest('staff', null);
  const routes: { method: string; url: string; staffRole: StaffRole | 'signIn' }[] = [];
  app.decorate('adminRouteList', routes);
  const check: onRequestAsyncHookHandler = async (request) => {
    const needed = request.routeOptions.config.staffRole ?? 'admin';
    if (needed === 'signIn') return;
    const token = staffToken(request);
    if (token === null) {
      // A customer's valid access token is a 403; a bad one the customer guard's own 401.
      const customer = await deps.customers.optionalUser(request);
      if (customer) throw new AppError('FORBIDDEN', adminMessages.staffOnly);
      throw new AppError('UNAUTHORIZED', adminMessages.signInRequired);
    }
    const staff = await deps.staffAuth.authenticate(token);
    if (!roleAllows(staff.role, needed)) throw new AppError('FORBIDDEN', adminMessages.roleTooLow);
    request.staff = staff;
  };
  app.addHook('onRoute', (route) => {
    if (!isAdminUrl(route.url)) return;
    const staffRole = route.config?.staffRole;
    if (staffRole === undefined)
      throw new Error(`${route.url} is under ${ADMIN_PREFIX} and names no config.staffRole`);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, staffRole });
    // After the request limit (registered before this): a flood of bad tokens is refused by the
    // limit without a database look-up each.
    route.onRequest = [...[route.onRequest ?? []].flat(), check];
    route.onSend = [...[route.onSend ?? []].flat(), noStore];
  });
}
