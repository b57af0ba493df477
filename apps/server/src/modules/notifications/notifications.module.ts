import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { AuthGuard } from '../../platform/auth.ts';
import type { Database } from '../../platform/db.ts';
import type { JobLane } from '../../platform/job-worker.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createPushService, type PushService } from './push.service.ts';

export interface NotificationsModule {
  push: PushService;
  /** The push jobs' lane of the job worker (PUSH_CONCURRENCY). */
  lane: JobLane;
}

/**
 * Web Push of order events (issue 16): the devices' routes; the events' jobs run in the job
 * worker's lane of their own, so a slow push service never takes fulfilment's slots (ADR 0042).
 */
export async function registerNotificationsModule(
  app: FastifyInstance,
  deps: { config: Config; database: Database; secrets: Secrets; guard: AuthGuard },
): Promise<NotificationsModule> {
  const { config } = deps;
  const push = createPushService({
    db: deps.database.db,
    vapid: { ...deps.secrets.vapid, subject: config.push.subject },
    allowHttp: config.push.allowHttp,
    destinations: {
      extraHosts: config.push.allowedHosts,
      allowPrivateAddresses: config.push.allowPrivateAddresses,
    },
    log: app.log,
  });
  await app.register(notificationsRoutes(push, deps.guard));
  return { push, lane: { types: push.jobTypes, concurrency: config.push.concurrency } };
}
