import { Readable } from 'node:stream';
import {
  adminBlockSchema,
  adminCustomerDetailResponseSchema,
  adminCustomerParamsSchema,
  adminPointsAdjustSchema,
  adminReportQuerySchema,
} from '@shop/contracts/admin-customers';
import { adminCustomerMessages } from '@shop/contracts/admin-customers-messages';
import { adminMessages } from '@shop/contracts/admin-messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db.ts';
import { ordersCsv, paymentsCsv } from './admin-csv.ts';
import type { AdminCustomersService } from './admin-customers.service.ts';
import type { AdminReportsRepo } from './admin-reports.repo.ts';
import type { AuditService } from './audit.service.ts';
import { adminRoute, answer } from './admin-route.ts';
import { ADMIN_PREFIX, auditActorOf } from './staff-access.ts';
import { adminCustomerSchemaMessages } from '@shop/contracts/admin-customers-messages';
import { addValidationMessages } from '@shop/contracts/validation-messages';

// This module's schema messages, in each language of a validation answer (platform/errors.ts).
addValidationMessages(adminCustomerSchemaMessages);

/** Customer management and CSV reports of the back-office (issue 17); each route names its role. */
export const adminCustomersRoutes =
  (
    service: AdminCustomersService,
    deps: { db: Db; reports: AdminReportsRepo; audit: AuditService },
  ): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    app.get(
      `${ADMIN_PREFIX}/customers/:id`,
      adminRoute('support', {
        summary:
          'One customer: account, block state, points balance, last 50 ledger entries and 20 orders',
        params: adminCustomerParamsSchema,
        response: { 200: adminCustomerDetailResponseSchema },
      }),
      async (request) =>
        answer(request, adminMessages.fetched, await service.detail(request.params.id)),
    );

    app.post(
      `${ADMIN_PREFIX}/customers/:id/points`,
      adminRoute('admin', {
        summary:
          'Add (positive) or take (negative) loyalty points with a reason; a balance below 0 is a 409 (audited)',
        params: adminCustomerParamsSchema,
        body: adminPointsAdjustSchema,
        response: { 200: adminCustomerDetailResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminCustomerMessages.pointsAdjusted,
          await service.adjustPoints(request.params.id, request.body, auditActorOf(request)),
        ),
    );

    app.post(
      `${ADMIN_PREFIX}/customers/:id/block`,
      adminRoute('admin', {
        summary:
          'Block a customer: no login, refresh or checkout, every session ended now (idempotent; audited)',
        params: adminCustomerParamsSchema,
        body: adminBlockSchema,
        response: { 200: adminCustomerDetailResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminCustomerMessages.customerBlocked,
          await service.block(request.params.id, request.body.reason, auditActorOf(request)),
        ),
    );

    app.post(
      `${ADMIN_PREFIX}/customers/:id/unblock`,
      adminRoute('admin', {
        summary: 'Lift a block; the customer can log in again (idempotent; audited)',
        params: adminCustomerParamsSchema,
        response: { 200: adminCustomerDetailResponseSchema },
      }),
      async (request) =>
        answer(
          request,
          adminCustomerMessages.customerUnblocked,
          await service.unblock(request.params.id, auditActorOf(request)),
        ),
    );

    /**
     * Streams a report: the export is audited first ('report.export': a copy of customers' data
     * leaves the shop), then the rows go out page by page as the database gives them.
     */
    async function sendReport(
      request: FastifyRequest,
      reply: FastifyReply,
      report: 'orders' | 'payments',
      query: { from: string; to: string },
    ) {
      await deps.audit.record(deps.db, auditActorOf(request), {
        action: 'report.export',
        targetType: 'report',
        targetId: report,
        after: { report, from: query.from, to: query.to },
      });
      const rows =
        report === 'orders'
          ? ordersCsv(deps.reports, query.from, query.to)
          : paymentsCsv(deps.reports, query.from, query.to);
      const stream = Readable.from(rows, { objectMode: false });
      stream.on('error', (error) => {
        request.log.error({ err: error, report }, 'report stream failed');
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${report}-${query.from}-to-${query.to}.csv"`,
        )
        .send(stream);
    }

    app.get(
      `${ADMIN_PREFIX}/reports/orders.csv`,
      adminRoute('admin', {
        summary:
          'Orders created on the Yangon days from..to (at most 366) as CSV, streamed (audited)',
        querystring: adminReportQuerySchema,
        response: {},
      }),
      (request, reply) => sendReport(request, reply, 'orders', request.query),
    );

    app.get(
      `${ADMIN_PREFIX}/reports/payments.csv`,
      adminRoute('admin', {
        summary:
          'Payment attempts created on the Yangon days from..to (at most 366) as CSV, streamed (audited)',
        querystring: adminReportQuerySchema,
        response: {},
      }),
      (request, reply) => sendReport(request, reply, 'payments', request.query),
    );
  };
