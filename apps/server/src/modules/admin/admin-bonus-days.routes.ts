import {
  adminBonusDayInputSchema,
  adminBonusDayListResponseSchema,
  adminBonusDayParamsSchema,
  adminBonusDayResponseSchema,
} from '@shop/contracts/admin-bonus-days';
import { adminMessages } from '@shop/contracts/admin-messages';
import { bonusDayMessages, bonusDaySchemaMessages } from '@shop/contracts/bonus-day-messages';
import { plainSuccessSchema } from '@shop/contracts/responses';
import { addValidationMessages } from '@shop/contracts/validation-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../platform/http.ts';
import type { BonusDayChange, BonusDaysService } from '../loyalty/bonus-days.service.ts';
import type { AuditActor, AuditService } from './audit.service.ts';
import { ADMIN_PREFIX, adminErrors, auditActorOf, staffRoute } from './staff-access.ts';

// This module's schema messages, in each language of a validation answer (platform/errors.ts).
addValidationMessages(bonusDaySchemaMessages);

/**
 * The owner's bonus-point days (issue 31, ADR 0081), kept by the loyalty room: support reads, admin
 * adds, edits and deletes, each write audited (`bonus_days.create|update|delete`) in its
 * transaction. Overlapping windows are a 409, bad input a 400, in the request's language.
 */
export const adminBonusDaysRoutes =
  (bonusDays: BonusDaysService, audit: AuditService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['admin'];
    const path = `${ADMIN_PREFIX}/bonus-days`;
    const audited =
      (actor: AuditActor, action: string): BonusDayChange =>
      (tx, { id, before, after }) =>
        audit.record(tx, actor, {
          action: `bonus_days.${action}`,
          targetType: 'bonus_days',
          targetId: id,
          before,
          after,
        });

    app.get(
      path,
      {
        config: staffRoute.support,
        schema: {
          tags,
          summary: 'Every bonus-point window, by first day (Yangon dates, inclusive)',
          response: { 200: adminBonusDayListResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const data = await bonusDays.list();
        return {
          success: true as const,
          message: adminMessages.fetched[requestLanguage(request)],
          data,
          meta: { page: 1, totalPages: 1, total: data.length, limit: Math.max(1, data.length) },
        };
      },
    );

    app.post(
      path,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            'Add bonus-point days: names, first and last Yangon day, multiplier 2–5; an overlap is a 409 (audited)',
          body: adminBonusDayInputSchema,
          response: { 201: adminBonusDayResponseSchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        const data = await bonusDays.create(request.body, audited(auditActorOf(request), 'create'));
        return reply.status(201).send({
          success: true as const,
          message: bonusDayMessages.created[requestLanguage(request)],
          data,
        });
      },
    );

    app.put(
      `${path}/:id`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary: 'Change a bonus-point window (the whole of it); an overlap is a 409 (audited)',
          params: adminBonusDayParamsSchema,
          body: adminBonusDayInputSchema,
          response: { 200: adminBonusDayResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: bonusDayMessages.updated[requestLanguage(request)],
        data: await bonusDays.update(
          request.params.id,
          request.body,
          audited(auditActorOf(request), 'update'),
        ),
      }),
    );

    app.delete(
      `${path}/:id`,
      {
        config: staffRoute.admin,
        schema: {
          tags,
          summary:
            'Delete a bonus-point window (audited); orders already credited keep their points',
          params: adminBonusDayParamsSchema,
          response: { 200: plainSuccessSchema, ...adminErrors },
        },
      },
      async (request) => {
        await bonusDays.remove(request.params.id, audited(auditActorOf(request), 'delete'));
        return {
          success: true as const,
          message: bonusDayMessages.deleted[requestLanguage(request)],
        };
      },
    );
  };
