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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../platform/http.ts';
import type { AdminCatalogueService } from './admin-catalogue.service.ts';
import { adminRoute, answer, fetchedPage, wholeList } from './admin-route.ts';
import { ADMIN_PREFIX, auditActorOf } from './staff-access.ts';
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
    app.get(
      `${ADMIN_PREFIX}/banners`,
      adminRoute('support', {
        summary: 'Every Home banner, shown or not, in display order',
        querystring: adminCatalogueListQuerySchema,
        response: { 200: adminBannerListResponseSchema },
      }),
      async (request) => fetchedPage(request, await service.banners(request.query)),
    );

    app.patch(
      `${ADMIN_PREFIX}/banners/:id`,
      adminRoute('admin', {
        summary:
          'Change a banner’s words, link, order, visibility or header colour (audited; caches dropped everywhere)',
        params: adminBannerParamsSchema,
        body: adminBannerPatchSchema,
        response: { 200: adminBannerResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminCatalogueMessages.bannerUpdated,
          await service.editBanner(request.params.id, request.body, auditActorOf(request)),
        ),
    );

    app.get(
      `${ADMIN_PREFIX}/categories`,
      adminRoute('support', {
        summary: 'Every category (top level first), with its number of products',
        querystring: adminCatalogueListQuerySchema,
        response: { 200: adminCategoryListResponseSchema },
      }),
      async (request) => fetchedPage(request, await service.categories(request.query)),
    );

    app.patch(
      `${ADMIN_PREFIX}/categories/:id`,
      adminRoute('admin', {
        summary: 'Rename, reorder, show or hide a category (audited; caches dropped everywhere)',
        params: adminCategoryParamsSchema,
        body: adminCategoryPatchSchema,
        response: { 200: adminCategoryResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminCatalogueMessages.categoryUpdated,
          await service.editCategory(request.params.id, request.body, auditActorOf(request)),
        ),
    );

    app.get(
      `${ADMIN_PREFIX}/operators`,
      adminRoute('support', {
        summary: 'The five operators (fixed codes: the phone rules name them), by code',
        response: { 200: adminOperatorListResponseSchema },
      }),
      async (request) => fetchedPage(request, wholeList(await service.operators())),
    );

    app.patch(
      `${ADMIN_PREFIX}/operators/:id`,
      adminRoute('admin', {
        summary:
          'Rename an operator, or change its brand colour or logo (audited; caches dropped everywhere); never its code',
        params: adminOperatorParamsSchema,
        body: adminOperatorPatchSchema,
        response: { 200: adminOperatorResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminCatalogueMessages.operatorUpdated,
          await service.editOperator(request.params.id, request.body, auditActorOf(request)),
        ),
    );

    app.post(
      `${ADMIN_PREFIX}/stock/import`,
      {
        ...adminRoute('admin', {
          summary:
            'Check (commit false) or import (commit true, all rows or none) a card CSV, as `npm run stock:import` does',
          body: adminStockImportSchema,
          response: { 200: adminStockImportResponseSchema },
        }),
        bodyLimit: STOCK_IMPORT_BODY_LIMIT,
      },
      async (request) => {
        const data = await service.importStock(
          request.body,
          auditActorOf(request),
          requestLanguage(request),
        );
        const message = data.committed
          ? adminCatalogueMessages.stockImported
          : adminCatalogueMessages.stockChecked;
        return answer(request, message, data);
      },
    );

    app.get(
      `${ADMIN_PREFIX}/stock`,
      adminRoute('support', {
        summary:
          'Cards of every E-PIN and gift-card product: available, held, sold, void, expiring',
        querystring: adminCatalogueListQuerySchema,
        response: { 200: adminStockListResponseSchema },
      }),
      async (request) => fetchedPage(request, await service.stock(request.query)),
    );

    app.get(
      `${ADMIN_PREFIX}/stock/:productId/cards`,
      adminRoute('support', {
        summary: 'The cards of one product (serial, state, expiry; never the PIN), newest first',
        params: adminProductCardsParamsSchema,
        querystring: adminProductCardsQuerySchema,
        response: { 200: adminProductCardsResponseSchema },
      }),
      async (request) =>
        fetchedPage(request, await service.productCards(request.params.productId, request.query)),
    );

    app.post(
      `${ADMIN_PREFIX}/stock/cards/:id/void`,
      adminRoute('admin', {
        summary: 'Take an unsold card no order holds out of stock for good (audited)',
        params: adminCardParamsSchema,
        body: adminCardVoidSchema,
        response: { 200: adminCardResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminCatalogueMessages.cardVoided,
          await service.voidCard(request.params.id, request.body.reason, auditActorOf(request)),
        ),
    );
  };
