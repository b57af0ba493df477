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
import { requestLanguage } from '../../platform/http.ts';
import type { AdminService } from './admin.service.ts';
import type { AuditService } from './audit.service.ts';
import { ADMIN_PREFIX, adminErrors, auditActorOf, staffRoute } from './staff-access.ts';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import { addValidationMessages } from '@shop/contracts/validation-messages';

// This module's schema messages, in each language of a validation answer (platform/errors.ts).
addValidationMessages(adminSchemaMessages);

/** The back-office lists and edits (issue 17); each route names the least role it needs. */
export const adminRoutes =
  (service: AdminService, audit: AuditService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['admin'];
    const fetched = (lang: ReturnType<typeof requestLanguage>) => adminMessages.fetched[lang];

    app.get(
      `${ADMIN_PREFIX}/dashboard`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary: 'Sales today / 7 / 30 days, orders by status, refunds, stock, failed jobs',
          response: { 200: dashboardResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: fetched(requestLanguage(request)),
        data: await service.dashboard(),
      }),
    );

    app.get(
      `${ADMIN_PREFIX}/orders`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary: 'Orders by number, e-mail, phone, recipient number, date (Yangon), status',
          querystring: adminOrderListQuerySchema,
          response: { 200: adminOrderListResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: fetched(requestLanguage(request)),
        ...(await service.orders(request.query)),
      }),
    );

    app.get(
      `${ADMIN_PREFIX}/products`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary: 'Products with price, state and cards on hand; q searches SKU and names',
          querystring: adminProductListQuerySchema,
          response: { 200: adminProductListResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: fetched(requestLanguage(request)),
        ...(await service.products(request.query)),
      }),
    );

    app.post(
      `${ADMIN_PREFIX}/products`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            'Create a product of any kind in a category: a top-up or data package with its operator, a data package with its MB and days, a gift card with its face value (audited; caches dropped everywhere)',
          body: adminProductCreateSchema,
          response: { 201: adminProductResponseSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const data = await service.createProduct(request.body, auditActorOf(request));
        return reply.code(201).send({
          success: true as const,
          message: adminMessages.productCreated[requestLanguage(request)],
          data,
        });
      },
    );

    app.patch(
      `${ADMIN_PREFIX}/products/:id`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            'Change a product’s names, description, redeem instructions, operator, order, price, discount or state (audited; caches dropped everywhere)',
          params: adminProductParamsSchema,
          body: adminProductPatchSchema,
          response: { 200: adminProductResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const data = await service.editProduct(
          request.params.id,
          request.body,
          auditActorOf(request),
        );
        return {
          success: true as const,
          message: adminMessages.productUpdated[requestLanguage(request)],
          data,
        };
      },
    );

    app.get(
      `${ADMIN_PREFIX}/customers`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary: 'Accounts by name, e-mail or phone, with their order count and spend',
          querystring: adminCustomerListQuerySchema,
          response: { 200: adminCustomerListResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: fetched(requestLanguage(request)),
        ...(await service.customers(request.query)),
      }),
    );

    app.get(
      `${ADMIN_PREFIX}/promo-codes`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary:
            'Promo codes, newest first: q searches the code; status active, scheduled, expired or inactive',
          querystring: adminPromoListQuerySchema,
          response: { 200: adminPromoListResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: fetched(requestLanguage(request)),
        ...(await service.promoCodes(request.query)),
      }),
    );

    app.post(
      `${ADMIN_PREFIX}/promo-codes`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary: 'Create a promo code (audited); a code that exists in any letter case is a 409',
          body: adminPromoCreateSchema,
          response: { 201: adminPromoResponseSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const data = await service.createPromoCode(request.body, auditActorOf(request));
        return reply.status(201).send({
          success: true as const,
          message: adminMessages.promoCreated[requestLanguage(request)],
          data,
        });
      },
    );

    app.patch(
      `${ADMIN_PREFIX}/promo-codes/:id`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary: 'Switch a promo code on or off, move its end, change its total limit (audited)',
          params: adminPromoParamsSchema,
          body: adminPromoPatchSchema,
          response: { 200: adminPromoResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const data = await service.editPromoCode(
          request.params.id,
          request.body,
          auditActorOf(request),
        );
        return {
          success: true as const,
          message: adminMessages.promoUpdated[requestLanguage(request)],
          data,
        };
      },
    );

    app.get(
      `${ADMIN_PREFIX}/audit-log`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary: 'Every staff write, newest first; filter by actor, action and date',
          querystring: adminAuditQuerySchema,
          response: { 200: auditListResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const { entries, meta } = await audit.list(request.query);
        return {
          success: true as const,
          message: fetched(requestLanguage(request)),
          data: entries,
          meta,
        };
      },
    );
  };
