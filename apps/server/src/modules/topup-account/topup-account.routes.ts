import { adminMessages } from '@shop/contracts/admin-messages';
import { errorBodySchema } from '@shop/contracts/errors';
import {
  topupBalanceResponseSchema,
  topupCatalogueQuerySchema,
  topupCatalogueResponseSchema,
  topupMappingListResponseSchema,
  topupMappingParamsSchema,
  topupMappingPutSchema,
  topupMappingResponseSchema,
  topupReconciliationParamsSchema,
  topupReconciliationQuerySchema,
  topupReconciliationResponseSchema,
  type TopupBalance,
  type TopupCatalogue,
} from '@shop/contracts/topup-provider-admin';
import { AppError } from '../../platform/errors.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../platform/http.ts';
import { ADMIN_PREFIX, adminErrors, staffRoute } from '../admin/staff-access.ts';
import type { TopupUnitCost } from '../fulfilment/topup-provider.ts';
import type { TopupMappings } from './topup-mappings.ts';
import type { TopupReconciliation } from './topup-reconciliation.ts';

/** What the routes ask of the module (topup-account.module.ts builds it). */
export interface TopupAccountService {
  balance(): Promise<TopupBalance>;
  /** The aggregator's Myanmar operators, amounts and bundles (`refresh`: read now). */
  catalogue(refresh: boolean): Promise<TopupCatalogue>;
  /** The owner's product mappings (null: the provider has no catalogue to map to). */
  mappings: TopupMappings | null;
  /** The daily comparison with the aggregator's report (null: the provider has none). */
  reconciliation: TopupReconciliation | null;
  /**
   * Whether the balance last read covers `quantity` units at `unitCost` (the product's mapped
   * cost; null, an unmapped one, needs more than nothing). Always true without a balance.
   */
  funds(unitCost: TopupUnitCost | null, quantity: number): Promise<boolean>;
}

/** The reconciliation, or a 404 when the provider has no report (the simulator). */
function reconciliationOf(service: TopupAccountService): TopupReconciliation {
  if (!service.reconciliation)
    throw new AppError('NOT_FOUND', 'This top-up provider has no transaction report to compare');
  return service.reconciliation;
}

/** The mappings, or a 404 when the provider has no catalogue (the simulator). */
function mappingsOf(service: TopupAccountService): TopupMappings {
  if (!service.mappings)
    throw new AppError('NOT_FOUND', 'This top-up provider has no catalogue to map products to');
  return service.mappings;
}

/** The top-up aggregator's account in the back-office (issue 28): admins only. */
export const topupAccountRoutes =
  (service: TopupAccountService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['admin'];
    app.get(
      `${ADMIN_PREFIX}/topup-provider/balance`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            "The aggregator's prepaid balance in its own currency (read at most every 30 s) and the low-balance threshold",
          response: { 200: topupBalanceResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminMessages.fetched[requestLanguage(request)],
        data: await service.balance(),
      }),
    );

    app.get(
      `${ADMIN_PREFIX}/topup-provider/catalogue`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            "The aggregator's Myanmar operators, amounts and bundles with the wholesale cost in its currency and its quoted FX (copy of the last 5 min unless refresh=true)",
          querystring: topupCatalogueQuerySchema,
          response: {
            200: topupCatalogueResponseSchema,
            ...adminErrors,
            503: errorBodySchema,
          },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminMessages.fetched[requestLanguage(request)],
        data: await service.catalogue(request.query.refresh === 'true'),
      }),
    );

    app.get(
      `${ADMIN_PREFIX}/topup-provider/mappings`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            'Shop products mapped to the aggregator: operator, amount, cost, FX, margin, still offered',
          response: { 200: topupMappingListResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminMessages.fetched[requestLanguage(request)],
        data: await mappingsOf(service).list(),
      }),
    );

    app.put(
      `${ADMIN_PREFIX}/topup-provider/mappings/:productId`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            "Map a top-up or data product to an operator's kyat amount the catalogue offers (409 when it does not)",
          params: topupMappingParamsSchema,
          body: topupMappingPutSchema,
          response: { 200: topupMappingResponseSchema, ...adminErrors, 503: errorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminMessages.fetched[requestLanguage(request)],
        data: await mappingsOf(service).put(request.params.productId, request.body),
      }),
    );

    app.delete(
      `${ADMIN_PREFIX}/topup-provider/mappings/:productId`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            "Remove a product's mapping (it is sold as before, the number auto-detected); answers the mappings left",
          params: topupMappingParamsSchema,
          response: { 200: topupMappingListResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const mappings = mappingsOf(service);
        await mappings.remove(request.params.productId);
        return {
          success: true as const,
          message: adminMessages.fetched[requestLanguage(request)],
          data: await mappings.list(),
        };
      },
    );

    app.get(
      `${ADMIN_PREFIX}/topup-provider/reconciliation`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            "The daily comparison with the aggregator's report: a day's (or the last 14 days') mismatches with the line and both records",
          querystring: topupReconciliationQuerySchema,
          response: { 200: topupReconciliationResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminMessages.fetched[requestLanguage(request)],
        data: await reconciliationOf(service).list(request.query.day),
      }),
    );

    app.post(
      `${ADMIN_PREFIX}/topup-provider/reconciliation/:day/run`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            'Compare a past Yangon day now (again if done; 409 while another run holds it), answering its mismatches',
          params: topupReconciliationParamsSchema,
          response: {
            200: topupReconciliationResponseSchema,
            ...adminErrors,
            503: errorBodySchema,
          },
        },
      },
      async (request) => {
        const reconciliation = reconciliationOf(service);
        const ran = await reconciliation.run(request.params.day, true);
        if (!ran) throw new AppError('CONFLICT', 'This day is being compared right now');
        return {
          success: true as const,
          message: adminMessages.fetched[requestLanguage(request)],
          data: await reconciliation.list(request.params.day),
        };
      },
    );
  };
