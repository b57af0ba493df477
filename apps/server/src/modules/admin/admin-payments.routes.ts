import {
  adminPaymentParamsSchema,
  adminUnknownFindingRequestSchema,
  adminUnknownPaymentListQuerySchema,
  adminUnknownPaymentListResponseSchema,
  adminUnknownPaymentResponseSchema,
} from '@shop/contracts/admin-payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminPaymentsService } from './admin-payments.service.ts';
import { adminRoute, answer, fetchedPage } from './admin-route.ts';
import { ADMIN_PREFIX, auditActorOf } from './staff-access.ts';

/** Payments whose outcome is unknown (issue 27, ADR 0059): support reads, an admin resolves. */
export const adminPaymentRoutes =
  (service: AdminPaymentsService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    app.get(
      `${ADMIN_PREFIX}/payments/unknown`,
      adminRoute('support', {
        summary:
          'Payments their provider never reported on (Wave has no status API), unresolved first: order, customer, amount, provider and reference, when the window ended, and how each was resolved since',
        querystring: adminUnknownPaymentListQuerySchema,
        response: { 200: adminUnknownPaymentListResponseSchema },
      }),
      async (request) => fetchedPage(request, await service.list(request.query)),
    );

    // Admin, not support: "paid" fulfils the order and "not paid" cancels it, as paying a refund
    // or resolving an unconfirmed top-up moves money (ADR 0036).
    app.post(
      `${ADMIN_PREFIX}/payments/:id/finding`,
      adminRoute('admin', {
        summary:
          'What the provider’s merchant portal shows about a payment whose outcome is unknown: paid (the order is paid and fulfilled as by the provider’s callback, or the money flagged for refund) or not_paid (the payment ends and the waiting order is cancelled). Once per payment, audited; 409 after the provider’s own callback or the other finding',
        params: adminPaymentParamsSchema,
        body: adminUnknownFindingRequestSchema,
        response: { 200: adminUnknownPaymentResponseSchema },
      }),
      async (request) => {
        const { message, data } = await service.recordFinding(
          request.params.id,
          request.body.finding,
          auditActorOf(request),
        );
        return answer(request, message, data);
      },
    );
  };
