import type { FastifyInstance } from 'fastify';
import type { AuthGuard } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { JobLane } from '../../platform/job-worker.ts';
import type { Mailer } from '../../platform/messaging.ts';
import { runPeriodically } from '../../platform/periodic.ts';
import type { ProductSource } from '../cart/cart.service.ts';
import type { PushService } from '../notifications/push.service.ts';
import { recipientOrderRecords } from '../orders/orders.service.ts';
import { createRecipientReminders, type ReminderAccount } from './recipient-reminders.ts';
import { createRecipientsRepo, recipientsTransaction } from './recipients.repo.ts';
import { recipientsRoutes } from './recipients.routes.ts';
import { createRecipientsService, type RecipientsService } from './recipients.service.ts';

/** How often each instance looks for due reminders (they are claimed once, whoever looks). */
export const REMINDER_SWEEP_INTERVAL_MS = 5 * 60_000;

export interface RecipientsModule {
  service: RecipientsService;
  /** The reminders' lane of the job worker: a slow push or mail server holds only these. */
  lane: JobLane;
}

/**
 * Saved recipients (issue 31): the signed-in customer's numbers, with their usual and last buys,
 * and the reminders to top them up (ADR 0079): swept every REMINDER_SWEEP_INTERVAL_MS, sent by
 * jobs in a lane of their own.
 */
export async function registerRecipientsModule(
  app: FastifyInstance,
  deps: {
    database: Database;
    catalogue: Pick<ProductSource, 'getProducts'>;
    guard: AuthGuard;
    clock: Clock;
    push: Pick<PushService, 'sendToAccount'>;
    mailer: Mailer;
    account: ReminderAccount;
    publicUrl: string;
    /** Reminder jobs one process sends at once. */
    concurrency: number;
    /** A reminder job was queued: the job worker looks now. */
    wake: () => void;
  },
): Promise<RecipientsModule> {
  const { db } = deps.database;
  const repo = createRecipientsRepo(db);
  const service = createRecipientsService({
    repo,
    catalogue: deps.catalogue,
    orders: recipientOrderRecords(db),
    clock: deps.clock,
  });
  const reminders = createRecipientReminders({
    repo,
    transaction: recipientsTransaction(db),
    ordersIn: recipientOrderRecords,
    recipients: service,
    push: deps.push,
    mailer: deps.mailer,
    account: deps.account,
    publicUrl: deps.publicUrl,
    clock: deps.clock,
    log: app.log,
    wake: deps.wake,
  });
  runPeriodically(app, REMINDER_SWEEP_INTERVAL_MS, 'top-up reminder sweep failed', () =>
    reminders.sweep(),
  );
  app.decorate('sendDueReminders', () => reminders.sweep());
  await app.register(recipientsRoutes(service, deps.guard));
  return { service, lane: { types: reminders.jobTypes, concurrency: deps.concurrency } };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues the reminders due now by the app's clock (tests; the sweep does it every 5 min). */
    sendDueReminders: () => Promise<{ queued: number; stopped: number }>;
  }
}
