import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/db.ts';
import { createLoyaltyService, type LoyaltyService } from './loyalty.service.ts';

/**
 * Loyalty (issue 6): tiers, points earned, spent and given back. No routes of its own: the
 * account's membership is answered by auth's profile, points are spent at checkout and earned at
 * fulfilment, so the module answers its service for those modules (ADR 0070).
 */
export function registerLoyaltyModule(
  _app: FastifyInstance,
  deps: { config: Config; database: Database },
): Promise<{ service: LoyaltyService }> {
  return Promise.resolve({
    service: createLoyaltyService({ db: deps.database.db, config: deps.config.loyalty }),
  });
}
