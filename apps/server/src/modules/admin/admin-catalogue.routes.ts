import { adminMessages } from '@shop/contracts/admin-messages';
import {
  adminBannerListResponseSchema,
  adminBannerParamsSchema,
  adminBannerPatchSchema,
  adminBannerResponseSchema,
  adminCardParamsSchema,
  adminCardResponseSchema,
  adminCardVoidSchema,
  adminCatalogueListQuerySchema,
  adminCategoryListResponseSchema,
  adminCategoryParamsSchema,
  adminCategoryPatchSchema,
  adminCategoryResponseSchema,
  adminOperatorListResponseSchema,
  adminOperatorParamsSchema,
  adminOperatorPatchSchema,
  adminOperatorResponseSchema,
  adminProductCardsParamsSchema,
  adminProductCardsQuerySchema,
  adminProductCardsResponseSchema,
  adminStockImportResponseSchema,
  adminStockImportSchema,
  adminStockListResponseSchema,
} from '@shop/contracts/admin-catalogue';
import { adminCatalogueMessages } from '@shop/contracts/admin-catalogue-messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../platform/http.ts';
import type { AdminCatalogueService } from './admin-catalogue.service.ts';
import { ADMIN_PREFIX, adminErrors, auditActorOf, staffRoute } from './staff-access.ts';
import { adminCatalogueSchemaMessages } from '@shop/contracts/admin-catalogue-messages';
import { addValidationMessages } from '@shop/contracts/validation-messages';

// This module's schema messages, in each language of a validation answer (platform/errors.ts).
addValidationMessages(adminCatalogueSchemaMessages);

/**
 * The card file's JSON: 2 MB of CSV, with room for its escapes (quotes, line ends) in the JSON
 * string. The app's default body limit stays for every other route.
 */
export const STOCK_IMPORT_BODY_LIMIT = 3 * 1024 * 1024;

/** Banners, categories, operators and card stock of the back-office (issue 17); each route names its role. */
export const adminCatalogueRoutes =
  (service: AdminCatalogueService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['admin'];
    const fetched = (request: FastifyRequest) => adminMessages.fetched[requestLanguage(request)];

    app.get(
      `${ADMIN_PREFIX}/banners`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary: 'Every Home banner, shown or not, in display order',
          querystring: adminCatalogueListQuerySchema,
          response: { 200: adminBannerListResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: fetched(request),
        ...(await service.banners(request.query)),
      }),
    );

    app.patch(
      `${ADMIN_PREFIX}/banners/:id`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            'Change a banner’s words, link, order, visibility or header colour (audited; caches dropped everywhere)',
          params: adminBannerParamsSchema,
          body: adminBannerPatchSchema,
          response: { 200: adminBannerResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminCatalogueMessages.bannerUpdated[requestLanguage(request)],
        data: await service.editBanner(request.params.id, request.body, auditActorOf(request)),
      }),
    );

    app.get(
      `${ADMIN_PREFIX}/categories`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary: 'Every category (top level first), with its number of products',
          querystring: adminCatalogueListQuerySchema,
          response: { 200: adminCategoryListResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: fetched(request),
        ...(await service.categories(request.query)),
      }),
    );

    app.patch(
      `${ADMIN_PREFIX}/categories/:id`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary: 'Rename, reorder, show or hide a category (audited; caches dropped everywhere)',
          params: adminCategoryParamsSchema,
          body: adminCategoryPatchSchema,
          response: { 200: adminCategoryResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminCatalogueMessages.categoryUpdated[requestLanguage(request)],
        data: await service.editCategory(request.params.id, request.body, auditActorOf(request)),
      }),
    );

    app.get(
      `${ADMIN_PREFIX}/operators`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary: 'The five operators (fixed codes: the phone rules name them), by code',
          response: { 200: adminOperatorListResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const data = await service.operators();
        return {
          success: true as const,
          message: fetched(request),
          data,
          meta: { total: data.length, page: 1, limit: Math.max(1, data.length), totalPages: 1 },
        };
      },
    );

    app.patch(
      `${ADMIN_PREFIX}/operators/:id`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            'Rename an operator, or change its brand colour or logo (audited; caches dropped everywhere); never its code',
          params: adminOperatorParamsSchema,
          body: adminOperatorPatchSchema,
          response: { 200: adminOperatorResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminCatalogueMessages.operatorUpdated[requestLanguage(request)],
        data: await service.editOperator(request.params.id, request.body, auditActorOf(request)),
      }),
    );

    app.post(
      `${ADMIN_PREFIX}/stock/import`,
      {
        config: staffRoute.admin,
        bodyLimit: STOCK_IMPORT_BODY_LIMIT,
        schema: {
          tags,
          summary:
            'Check (commit false) or import (commit true, all rows or none) a card CSV, as `npm run stock:import` does',
          body: adminStockImportSchema,
          response: { 200: adminStockImportResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const lang = requestLanguage(request);
        const data = await service.importStock(request.body, auditActorOf(request), lang);
        return {
          success: true as const,
          message: (data.committed
            ? adminCatalogueMessages.stockImported
            : adminCatalogueMessages.stockChecked)[lang],
          data,
        };
      },
    );

    app.get(
      `${ADMIN_PREFIX}/stock`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary:
            'Cards of every E-PIN and gift-card product: available, held, sold, void, expiring',
          querystring: adminCatalogueListQuerySchema,
          response: { 200: adminStockListResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: fetched(request),
        ...(await service.stock(request.query)),
      }),
    );

    app.get(
      `${ADMIN_PREFIX}/stock/:productId/cards`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary: 'The cards of one product (serial, state, expiry; never the PIN), newest first',
          params: adminProductCardsParamsSchema,
          querystring: adminProductCardsQuerySchema,
          response: { 200: adminProductCardsResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: fetched(request),
        ...(await service.productCards(request.params.productId, request.query)),
      }),
    );

    app.post(
      `${ADMIN_PREFIX}/stock/cards/:id/void`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary: 'Take an unsold card no order holds out of stock for good (audited)',
          params: adminCardParamsSchema,
          body: adminCardVoidSchema,
          response: { 200: adminCardResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminCatalogueMessages.cardVoided[requestLanguage(request)],
        data: await service.voidCard(request.params.id, request.body.reason, auditActorOf(request)),
      }),
    );
  };
