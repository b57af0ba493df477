import {
  adminCustomerListQuerySchema,
  adminCustomerListResponseSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductCreateSchema,
  adminProductParamsSchema,
  adminProductPatchSchema,
  adminProductResponseSchema,
  adminAuditQuerySchema,
  auditListResponseSchema,
  dashboardResponseSchema,
} from '@shop/contracts/admin';
import { adminMessages } from '@shop/contracts/admin-messages';
import {
  adminPromoCreateSchema,
  adminPromoListQuerySchema,
  adminPromoListResponseSchema,
  adminPromoParamsSchema,
  adminPromoPatchSchema,
  adminPromoResponseSchema,
} from '@shop/contracts/admin-promo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminService } from './admin.service.ts';
import type { AuditService } from './audit.service.ts';
import { adminRoute, answer, fetchedPage } from './admin-route.ts';
import { ADMIN_PREFIX, auditActorOf } from './staff-access.ts';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import { addValidationMessages } from '@shop/contracts/validation-messages';

// This module's schema messages, in each language of a validation answer (platform/errors.ts).
addValidationMessages(adminSchemaMessages);

/** The back-office lists and edits (issue 17); each route names the least role it needs. */
export const adminRoutes =
  (service: AdminService, audit: AuditService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    app.get(
      `${ADMIN_PREFIX}/dashboard`,
      adminRoute('support', {
        summary: 'Sales today / 7 / 30 days, orders by status, refunds, stock, failed jobs',
        response: { 200: dashboardResponseSchema },
      }),
      async (request) => answer(request, adminMessages.fetched, await service.dashboard()),
    );

    app.get(
      `${ADMIN_PREFIX}/orders`,
      adminRoute('support', {
        summary: 'Orders by number, e-mail, phone, recipient number, date (Yangon), status',
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListResponseSchema },
      }),
      async (request) => fetchedPage(request, await service.orders(request.query)),
    );

    app.get(
      `${ADMIN_PREFIX}/products`,
      adminRoute('support', {
        summary: 'Products with price, state and cards on hand; q searches SKU and names',
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListResponseSchema },
      }),
      async (request) => fetchedPage(request, await service.products(request.query)),
    );

    app.post(
      `${ADMIN_PREFIX}/products`,
      adminRoute('admin', {
        summary:
          'Create a product of any kind in a category: a top-up or data package with its operator, a data package with its MB and days, a gift card with its face value (audited; caches dropped everywhere)',
        body: adminProductCreateSchema,
        response: { 201: adminProductResponseSchema },
      }),
      async (request, reply) => {
        const data = await service.createProduct(request.body, auditActorOf(request));
        return reply.code(201).send(answer(request, adminMessages.productCreated, data));
      },
    );

    app.patch(
      `${ADMIN_PREFIX}/products/:id`,
      adminRoute('admin', {
        summary:
          'Change a product’s names, description, redeem instructions, operator, order, price, discount or state (audited; caches dropped everywhere)',
        params: adminProductParamsSchema,
        body: adminProductPatchSchema,
        response: { 200: adminProductResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminMessages.productUpdated,
          await service.editProduct(request.params.id, request.body, auditActorOf(request)),
        ),
    );

    app.get(
      `${ADMIN_PREFIX}/customers`,
      adminRoute('support', {
        summary: 'Accounts by name, e-mail or phone, with their order count and spend',
        querystring: adminCustomerListQuerySchema,
        response: { 200: adminCustomerListResponseSchema },
      }),
      async (request) => fetchedPage(request, await service.customers(request.query)),
    );

    app.get(
      `${ADMIN_PREFIX}/promo-codes`,
      adminRoute('support', {
        summary:
          'Promo codes, newest first: q searches the code; status active, scheduled, expired or inactive',
        querystring: adminPromoListQuerySchema,
        response: { 200: adminPromoListResponseSchema },
      }),
      async (request) => fetchedPage(request, await service.promoCodes(request.query)),
    );

    app.post(
      `${ADMIN_PREFIX}/promo-codes`,
      adminRoute('admin', {
        summary: 'Create a promo code (audited); a code that exists in any letter case is a 409',
        body: adminPromoCreateSchema,
        response: { 201: adminPromoResponseSchema },
      }),
      async (request, reply) => {
        const data = await service.createPromoCode(request.body, auditActorOf(request));
        return reply.status(201).send(answer(request, adminMessages.promoCreated, data));
      },
    );

    app.patch(
      `${ADMIN_PREFIX}/promo-codes/:id`,
      adminRoute('admin', {
        summary: 'Switch a promo code on or off, move its end, change its total limit (audited)',
        params: adminPromoParamsSchema,
        body: adminPromoPatchSchema,
        response: { 200: adminPromoResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminMessages.promoUpdated,
          await service.editPromoCode(request.params.id, request.body, auditActorOf(request)),
        ),
    );

    app.get(
      `${ADMIN_PREFIX}/audit-log`,
      adminRoute('admin', {
        summary: 'Every staff write, newest first; filter by actor, action and date',
        querystring: adminAuditQuerySchema,
        response: { 200: auditListResponseSchema },
      }),
      async (request) => {
        const { entries, meta } = await audit.list(request.query);
        return fetchedPage(request, { data: entries, meta });
      },
    );
  };
