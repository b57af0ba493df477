import { adminMessages } from '@shop/contracts/admin-messages';
import {
  adminOrderDetailResponseSchema,
  adminOrderItemParamsSchema,
  adminOrderParamsSchema,
  adminRefundRequestSchema,
  adminResolveRequestSchema,
} from '@shop/contracts/admin-orders';
import { adminOrderMessages } from '@shop/contracts/admin-orders-messages';
import { errorBodySchema } from '@shop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminOrdersService } from './admin-orders.service.ts';
import { adminRoute, answer } from './admin-route.ts';
import { ADMIN_PREFIX, auditActorOf } from './staff-access.ts';

/** One order in the back-office (issue 17): its detail and what staff may do about it. */
export const adminOrderRoutes =
  (service: AdminOrdersService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    app.get(
      `${ADMIN_PREFIX}/orders/:id`,
      adminRoute('support', {
        summary:
          'One order: its lines, its refund and its timeline (payments, webhooks, jobs, top-ups, e-mails, reveals, shares, staff actions), oldest first',
        params: adminOrderParamsSchema,
        response: { 200: adminOrderDetailResponseSchema },
      }),
      async (request) =>
        answer(request, adminMessages.fetched, await service.detail(request.params.id)),
    );

    app.post(
      `${ADMIN_PREFIX}/orders/:id/refund`,
      adminRoute('admin', {
        summary:
          'Pay out the order’s pending refund: bank (with the payout reference) or as points at the shop’s point value (audited; done once; the customer is told)',
        params: adminOrderParamsSchema,
        body: adminRefundRequestSchema,
        response: { 200: adminOrderDetailResponseSchema },
      }),
      async (request) => {
        const { message, data } = await service.refund(
          request.params.id,
          request.body,
          auditActorOf(request),
        );
        return answer(request, message, data);
      },
    );

    app.post(
      `${ADMIN_PREFIX}/orders/:id/resend-codes`,
      adminRoute('support', {
        summary: 'Send the order’s codes e-mail again (audited); 409 without delivered codes',
        params: adminOrderParamsSchema,
        response: { 200: adminOrderDetailResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminOrderMessages.codesResent,
          await service.resendCodes(request.params.id, auditActorOf(request)),
        ),
    );

    // Admin, not support: either finding moves money (a refund cancelled or points given back),
    // as paying a refund does (ADR 0036).
    app.post(
      `${ADMIN_PREFIX}/orders/:id/items/:itemId/resolve`,
      adminRoute('admin', {
        summary:
          'Resolve an unconfirmed top-up line after checking with the aggregator: delivered (the refund shrinks; nothing left owed completes the order) or not delivered (refunded). Once, audited; 409 after the refund was paid out',
        params: adminOrderItemParamsSchema,
        body: adminResolveRequestSchema,
        response: { 200: adminOrderDetailResponseSchema },
      }),
      async (request) => {
        const { message, data } = await service.resolveTopup(
          request.params.id,
          request.params.itemId,
          request.body.delivered,
          auditActorOf(request),
        );
        return answer(request, message, data);
      },
    );

    // Admin, not support, like resolve: the finding moves money.
    app.post(
      `${ADMIN_PREFIX}/orders/:id/items/:itemId/check-cards`,
      adminRoute('admin', {
        summary:
          "Check an unconfirmed gift-card line bought on demand with Reloadly's report by its key (nothing is ordered): bought, its codes go to the order and the customer (the refund shrinks); absent or refused, the line is not delivered (refunded). Once, audited; 503 when Reloadly cannot tell now; 409 after the refund was paid out",
        params: adminOrderItemParamsSchema,
        response: { 200: adminOrderDetailResponseSchema, 503: errorBodySchema },
      }),
      async (request) => {
        const { message, data } = await service.checkCards(
          request.params.id,
          request.params.itemId,
          auditActorOf(request),
        );
        return answer(request, message, data);
      },
    );

    app.post(
      `${ADMIN_PREFIX}/orders/:id/items/:itemId/retry`,
      adminRoute('admin', {
        summary:
          'Send a declined or unsent top-up/data line to the aggregator again (new idempotency key, run by the job worker); answers 202 with the line pending. Only while a bank refund is pending; 409 for an unconfirmed line (resolve it first)',
        params: adminOrderItemParamsSchema,
        response: { 202: adminOrderDetailResponseSchema },
      }),
      async (request, reply) => {
        const { message, data } = await service.retryTopup(
          request.params.id,
          request.params.itemId,
          auditActorOf(request),
        );
        return reply.code(202).send(answer(request, message, data));
      },
    );
  };
