import { adminMessages } from '@shop/contracts/admin-messages';
import {
  adminCallCentrePatchSchema,
  adminClaimsPutSchema,
  adminExchangeRatesPatchSchema,
  adminFestivalsPutSchema,
  adminSettingsResponseSchema,
} from '@shop/contracts/admin-settings';
import { adminSettingsMessages } from '@shop/contracts/admin-settings-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../platform/http.ts';
import type { AdminSettingsService } from './admin-settings.service.ts';
import { ADMIN_PREFIX, adminErrors, auditActorOf, staffRoute } from './staff-access.ts';
import { adminSettingsSchemaMessages } from '@shop/contracts/admin-settings-messages';
import { addValidationMessages } from '@shop/contracts/validation-messages';

// This module's schema messages, in each language of a validation answer (platform/errors.ts).
addValidationMessages(adminSettingsSchemaMessages);

/**
 * The shop settings of the back-office (issue 17): exchange rates, call-centre contact and hours,
 * festival windows, the shop's claims on Home. Support reads; admin writes (audited; the shop's calls answer the change at
 * once).
 */
export const adminSettingsRoutes =
  (service: AdminSettingsService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['admin'];
    app.get(
      `${ADMIN_PREFIX}/settings`,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary:
            'Exchange rates (active or not), call-centre contact and hours, festival windows, shop claims',
          response: { 200: adminSettingsResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminMessages.fetched[requestLanguage(request)],
        data: await service.settings(),
      }),
    );

    app.patch(
      `${ADMIN_PREFIX}/settings/exchange-rates`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            'Change the kyat per unit or the visibility of the currencies given (audited; caches dropped everywhere)',
          body: adminExchangeRatesPatchSchema,
          response: { 200: adminSettingsResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminSettingsMessages.ratesUpdated[requestLanguage(request)],
        data: await service.editRates(request.body, auditActorOf(request)),
      }),
    );

    app.patch(
      `${ADMIN_PREFIX}/settings/call-centre`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary: 'Change the call-centre phone, email, Viber number or hours (audited)',
          body: adminCallCentrePatchSchema,
          response: { 200: adminSettingsResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminSettingsMessages.callCentreUpdated[requestLanguage(request)],
        data: await service.editCallCentre(request.body, auditActorOf(request)),
      }),
    );

    app.put(
      `${ADMIN_PREFIX}/settings/festivals`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary: 'Replace the festival windows (Yangon dates, inclusive; audited)',
          body: adminFestivalsPutSchema,
          response: { 200: adminSettingsResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminSettingsMessages.festivalsUpdated[requestLanguage(request)],
        data: await service.putFestivals(request.body, auditActorOf(request)),
      }),
    );

    app.put(
      `${ADMIN_PREFIX}/settings/claims`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            'Replace the shop’s claims on Home: 1 to 8, each with title and text in English and Burmese (audited)',
          body: adminClaimsPutSchema,
          response: { 200: adminSettingsResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminSettingsMessages.claimsUpdated[requestLanguage(request)],
        data: await service.putClaims(request.body, auditActorOf(request)),
      }),
    );

    app.delete(
      `${ADMIN_PREFIX}/settings/claims`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary: 'Remove the shop’s claims: Home shows its built-in ones again (audited)',
          response: { 200: adminSettingsResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: adminSettingsMessages.claimsCleared[requestLanguage(request)],
        data: await service.clearClaims(auditActorOf(request)),
      }),
    );
  };
