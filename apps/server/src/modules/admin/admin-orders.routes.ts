import { adminMessages } from '@shop/contracts/admin-messages';
import {
  adminOrderDetailResponseSchema,
  adminOrderParamsSchema,
  adminRefundRequestSchema,
} from '@shop/contracts/admin-orders';
import { adminOrderMessages } from '@shop/contracts/admin-orders-messages';
import { errorBodySchema } from '@shop/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../platform/http.ts';
import type { AdminOrdersService } from './admin-orders.service.ts';
import type { AuditActor } from './audit.service.ts';
import { ADMIN_PREFIX, staffOf } from './staff-access.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

const actorOf = (request: FastifyRequest): AuditActor => {
  const staff = staffOf(request);
  return { userId: staff.id, email: staff.email, address: request.ip };
};

/** One order in the back-office (issue 17): its detail and what staff may do about it. */
export const adminOrderRoutes =
  (service: AdminOrdersService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['admin'];
    const support = { requestLimit: 'admin' as const, staffRole: 'support' as const };
    const admin = { requestLimit: 'admin' as const, staffRole: 'admin' as const };
    // Staff answers carry customers' data: never kept by a browser or a proxy.
    app.addHook('onSend', (_request, reply, payload, done) => {
      void reply.header('cache-control', 'no-store');
      done(null, payload);
    });

    app.get(
      `${ADMIN_PREFIX}/orders/:id`,
      {
        config: support,
        schema: {
          tags,
          summary:
            'One order: its lines, its refund and its timeline (payments, webhooks, jobs, top-ups, e-mails, reveals, shares, staff actions), oldest first',
          params: adminOrderParamsSchema,
          response: { 200: adminOrderDetailResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminMessages.fetched[requestLanguage(request)],
        data: await service.detail(request.params.id),
      }),
    );

    app.post(
      `${ADMIN_PREFIX}/orders/:id/refund`,
      {
        config: admin,
        schema: {
          tags,
          summary:
            'Pay out the order’s pending refund: bank (with the payout reference) or as points at the shop’s point value (audited; done once; the customer is told)',
          params: adminOrderParamsSchema,
          body: adminRefundRequestSchema,
          response: { 200: adminOrderDetailResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { message, data } = await service.refund(
          request.params.id,
          request.body,
          actorOf(request),
        );
        return { success: true as const, message: message[requestLanguage(request)], data };
      },
    );

    app.post(
      `${ADMIN_PREFIX}/orders/:id/resend-codes`,
      {
        config: support,
        schema: {
          tags,
          summary: 'Send the order’s codes e-mail again (audited); 409 without delivered codes',
          params: adminOrderParamsSchema,
          response: { 200: adminOrderDetailResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminOrderMessages.codesResent[requestLanguage(request)],
        data: await service.resendCodes(request.params.id, actorOf(request)),
      }),
    );
  };
