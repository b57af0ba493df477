import { adminMessages } from '@shop/contracts/admin-messages';
import { errorBodySchema } from '@shop/contracts/errors';
import {
  topupBalanceResponseSchema,
  topupCatalogueQuerySchema,
  topupCatalogueResponseSchema,
} from '@shop/contracts/topup-provider-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../platform/http.ts';
import { ADMIN_PREFIX, adminErrors, staffRoute } from '../admin/staff-access.ts';
import type { TopupAccountService } from './topup-account.module.ts';

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
  };
