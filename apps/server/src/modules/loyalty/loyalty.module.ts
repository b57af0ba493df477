import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import { loyaltyRoutes } from './loyalty.routes.ts';
import { createLoyaltyService, type LoyaltyService } from './loyalty.service.ts';

/**
 * Loyalty (issue 6): tiers, points earned, spent and given back, and the owner's bonus-point days
 * (ADR 0081). The account's membership is answered by auth's profile, points are spent at checkout
 * and earned at fulfilment, the back-office writes the bonus days: the module answers its service
 * for those modules (ADR 0070). Its one route is the public read of the bonus days.
 */
export async function registerLoyaltyModule(
  app: FastifyInstance,
  deps: { config: Config; database: Database; clock: Clock },
): Promise<{ service: LoyaltyService }> {
  const service = createLoyaltyService({
    db: deps.database.db,
    config: deps.config.loyalty,
    clock: deps.clock,
  });
  await app.register(loyaltyRoutes(service.bonusDays));
  return { service };
}
