import { adminMessages } from '@shop/contracts/admin-messages';
import {
  adminOrderDetailResponseSchema,
  adminOrderParamsSchema,
  adminRefundRequestSchema,
} from '@shop/contracts/admin-orders';
import { adminOrderMessages } from '@shop/contracts/admin-orders-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../platform/http.ts';
import type { AdminOrdersService } from './admin-orders.service.ts';
import { ADMIN_PREFIX, adminErrors, auditActorOf, staffRoute } from './staff-access.ts';

/** One order in the back-office (issue 17): its detail and what staff may do about it. */
export const adminOrderRoutes =
  (service: AdminOrdersService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['admin'];
    app.get(
      `${ADMIN_PREFIX}/orders/:id`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary:
            'One order: its lines, its refund and its timeline (payments, webhooks, jobs, top-ups, e-mails, reveals, shares, staff actions), oldest first',
          params: adminOrderParamsSchema,
          response: { 200: adminOrderDetailResponseSchema, ...adminErrors },
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
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            'Pay out the order’s pending refund: bank (with the payout reference) or as points at the shop’s point value (audited; done once; the customer is told)',
          params: adminOrderParamsSchema,
          body: adminRefundRequestSchema,
          response: { 200: adminOrderDetailResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const { message, data } = await service.refund(
          request.params.id,
          request.body,
          auditActorOf(request),
        );
        return { success: true as const, message: message[requestLanguage(request)], data };
      },
    );

    app.post(
      `${ADMIN_PREFIX}/orders/:id/resend-codes`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary: 'Send the order’s codes e-mail again (audited); 409 without delivered codes',
          params: adminOrderParamsSchema,
          response: { 200: adminOrderDetailResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminOrderMessages.codesResent[requestLanguage(request)],
        data: await service.resendCodes(request.params.id, auditActorOf(request)),
      }),
    );
  };
