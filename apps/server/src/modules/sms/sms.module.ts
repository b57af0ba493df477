import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../platform/db.ts';
import type { JobLane } from '../../platform/job-worker.ts';
import type { SmsSender } from '../../platform/messaging.ts';
import type { ShopMetrics } from '../../platform/metrics.ts';
import { smsReceiptRoutes } from './sms.routes.ts';
import { createSmsService, selectSmsGateway } from './sms.service.ts';

export interface SmsModule {
  /** What sends the shop's texts: the gateway's queue, else the given sender (the outbox). */
  sender: SmsSender;
  /** The send jobs' lane of the job worker (SMS_CONCURRENCY); none without a gateway. */
  lanes: JobLane[];
}

/**
 * SMS_PROVIDER's gateway (ADR 0061): messages are queued for a send job in a lane of its own and
 * its delivery receipts recorded; without a gateway, `fallback` (the outbox) sends them.
 */
export async function registerSmsModule(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    fallback: SmsSender;
    metrics: ShopMetrics | null;
    /** A send job was written: the job worker looks now. */
    wake: () => void;
  },
): Promise<SmsModule> {
  const { config } = deps;
  const gateway = selectSmsGateway(config);
  if (!gateway) return { sender: deps.fallback, lanes: [] };
  const service = createSmsService({
    db: deps.database.db,
    gateway,
    publicUrl: config.publicUrl,
    log: app.log,
    metrics: deps.metrics,
    wake: deps.wake,
  });
  await app.register(smsReceiptRoutes(service, config.publicUrl));
  return {
    sender: service.sender,
    lanes: [{ types: service.jobTypes, concurrency: config.sms.concurrency }],
  };
}
