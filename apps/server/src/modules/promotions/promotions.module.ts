import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { createPromotionsService, type PromotionsService } from './promotions.service.ts';

/**
 * Promo codes (ADR 0035). No routes of its own: checkout spends a code, payments give an unpaid
 * order's use back, the back-office manages the codes; one service for all three (ADR 0070).
 */
export function registerPromotionsModule(
  _app: FastifyInstance,
  deps: { database: Database; clock: Clock },
): Promise<{ service: PromotionsService }> {
  return Promise.resolve({
    service: createPromotionsService({ db: deps.database.db, clock: deps.clock }),
  });
}
