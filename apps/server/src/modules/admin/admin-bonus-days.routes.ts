import {
  adminBonusDayInputSchema,
  adminBonusDayListResponseSchema,
  adminBonusDayParamsSchema,
  adminBonusDayResponseSchema,
} from '@shop/contracts/admin-bonus-days';
import { bonusDayMessages, bonusDaySchemaMessages } from '@shop/contracts/bonus-day-messages';
import { plainSuccessSchema } from '@shop/contracts/responses';
import { addValidationMessages } from '@shop/contracts/validation-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../platform/http.ts';
import type { BonusDayChange, BonusDaysService } from '../loyalty/bonus-days.service.ts';
import type { AuditActor, AuditService } from './audit.service.ts';
import { adminRoute, answer, fetchedPage, wholeList } from './admin-route.ts';
import { ADMIN_PREFIX, auditActorOf } from './staff-access.ts';

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
      adminRoute('support', {
        summary: 'Every bonus-point window, by first day (Yangon dates, inclusive)',
        response: { 200: adminBonusDayListResponseSchema },
      }),
      async (request) => fetchedPage(request, wholeList(await bonusDays.list())),
    );

    app.post(
      path,
      adminRoute('admin', {
        summary:
          'Add bonus-point days: names, first and last Yangon day, multiplier 2–5; an overlap is a 409 (audited)',
        body: adminBonusDayInputSchema,
        response: { 201: adminBonusDayResponseSchema },
      }),
      async (request, reply) => {
        const data = await bonusDays.create(request.body, audited(auditActorOf(request), 'create'));
        return reply.status(201).send(answer(request, bonusDayMessages.created, data));
      },
    );

    app.put(
      `${path}/:id`,
      adminRoute('admin', {
        summary: 'Change a bonus-point window (the whole of it); an overlap is a 409 (audited)',
        params: adminBonusDayParamsSchema,
        body: adminBonusDayInputSchema,
        response: { 200: adminBonusDayResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          bonusDayMessages.updated,
          await bonusDays.update(
            request.params.id,
            request.body,
            audited(auditActorOf(request), 'update'),
          ),
        ),
    );

    app.delete(
      `${path}/:id`,
      adminRoute('admin', {
        summary: 'Delete a bonus-point window (audited); orders already credited keep their points',
        params: adminBonusDayParamsSchema,
        response: { 200: plainSuccessSchema },
      }),
      async (request) => {
        await bonusDays.remove(request.params.id, audited(auditActorOf(request), 'delete'));
        return {
          success: true as const,
          message: bonusDayMessages.deleted[requestLanguage(request)],
        };
      },
    );
  };
