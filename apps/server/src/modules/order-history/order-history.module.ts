import type { FastifyInstance } from 'fastify';
import type { AuthGuard } from '../../platform/auth.ts';
import type { Database } from '../../platform/db.ts';
import { createOrderHistoryService, type OrderHistoryService } from './order-history.service.ts';
import { orderHistoryRecords, type OrderHistoryRecords } from '../orders/orders.service.ts';
import { ordersRoutes } from './order-history.routes.ts';

type HistoryDeps = Parameters<typeof createOrderHistoryService>[0];

export interface OrderHistoryModule {
  history: OrderHistoryService;
  /** An order with its lines, as stored (the sharing module's gift links). */
  findOrder: OrderHistoryRecords['findOrder'];
  /** Orders by status, for the metrics. */
  countByStatus: OrderHistoryRecords['countByStatus'];
}

/**
 * The buyer's orders (shopping spec §2 Orders, §7): history, detail, scratch, Happiness Meter,
 * invoice and card list, each only ever to its buyer.
 */
export async function registerOrderHistoryModule(
  app: FastifyInstance,
  deps: Omit<HistoryDeps, 'orders'> & { database: Database; guard: AuthGuard },
): Promise<OrderHistoryModule> {
  const { database, guard, ...historyDeps } = deps;
  const repo = orderHistoryRecords(database.db);
  const history = createOrderHistoryService({ ...historyDeps, orders: repo });
  await app.register(ordersRoutes(history, guard));
  return {
    history,
    findOrder: (orderId) => repo.findOrder(orderId),
    countByStatus: () => repo.countByStatus(),
  };
}
