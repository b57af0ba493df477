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
import type { AdminSettingsService } from './admin-settings.service.ts';
import { adminRoute, answer } from './admin-route.ts';
import { ADMIN_PREFIX, auditActorOf } from './staff-access.ts';
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
    app.get(
      `${ADMIN_PREFIX}/settings`,
      adminRoute('support', {
        summary:
          'Exchange rates (active or not), call-centre contact and hours, festival windows, shop claims',
        response: { 200: adminSettingsResponseSchema },
      }),
      async (request) => answer(request, adminMessages.fetched, await service.settings()),
    );

    app.patch(
      `${ADMIN_PREFIX}/settings/exchange-rates`,
      adminRoute('admin', {
        summary:
          'Change the kyat per unit or the visibility of the currencies given (audited; caches dropped everywhere)',
        body: adminExchangeRatesPatchSchema,
        response: { 200: adminSettingsResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminSettingsMessages.ratesUpdated,
          await service.editRates(request.body, auditActorOf(request)),
        ),
    );

    app.patch(
      `${ADMIN_PREFIX}/settings/call-centre`,
      adminRoute('admin', {
        summary: 'Change the call-centre phone, email, Viber number or hours (audited)',
        body: adminCallCentrePatchSchema,
        response: { 200: adminSettingsResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminSettingsMessages.callCentreUpdated,
          await service.editCallCentre(request.body, auditActorOf(request)),
        ),
    );

    app.put(
      `${ADMIN_PREFIX}/settings/festivals`,
      adminRoute('admin', {
        summary: 'Replace the festival windows (Yangon dates, inclusive; audited)',
        body: adminFestivalsPutSchema,
        response: { 200: adminSettingsResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminSettingsMessages.festivalsUpdated,
          await service.putFestivals(request.body, auditActorOf(request)),
        ),
    );

    app.put(
      `${ADMIN_PREFIX}/settings/claims`,
      adminRoute('admin', {
        summary:
          'Replace the shop’s claims on Home: 1 to 8, each with title and text in English and Burmese (audited)',
        body: adminClaimsPutSchema,
        response: { 200: adminSettingsResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminSettingsMessages.claimsUpdated,
          await service.putClaims(request.body, auditActorOf(request)),
        ),
    );

    app.delete(
      `${ADMIN_PREFIX}/settings/claims`,
      adminRoute('admin', {
        summary: 'Remove the shop’s claims: Home shows its built-in ones again (audited)',
        response: { 200: adminSettingsResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminSettingsMessages.claimsCleared,
          await service.clearClaims(auditActorOf(request)),
        ),
    );
  };
