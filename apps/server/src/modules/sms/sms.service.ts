import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import type { JobRow, JobType } from '../../platform/job-worker.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import type { SmsMessage, SmsSender } from '../../platform/messaging.ts';
import type { ShopMetrics } from '../../platform/metrics.ts';
import { createSmspohGateway } from './providers/smspoh.ts';
import { createTwilioGateway } from './providers/twilio.ts';
import {
  SmsGatewayRefused,
  type ReceiptRequest,
  type SmsGateway,
  type SmsReceipt,
} from './sms-gateway.ts';
import { smsMessages } from './sms.tables.ts';
import { isUuid } from '@shop/contracts/ids';

/*
 * SMS through a gateway (issue 28, ADR 0061). Sending writes the message and its send job in one
 * transaction and wakes the worker: the caller (a code request) never waits on the gateway. The
 * job runs in a lane of its own (SMS_CONCURRENCY), so a slow gateway never holds fulfilment's
 * slots; no answer in time, a network error or a 5xx retries it (the worker's back-off), a 4xx ends
 * the message failed. The gateway's receipts come to a URL with the message's own token.
 */

export const SMS_SEND_JOB = 'sms_send';

/**
 * The gateway SMS_PROVIDER names, or null for the outbox; a ConfigError lists the names of the
 * gateway's variables that are missing or malformed.
 */
export function selectSmsGateway(config: Pick<Config, 'sms'>): SmsGateway | null {
  switch (config.sms.provider) {
    case 'outbox':
      return null;
    case 'smspoh':
      return createSmspohGateway(config.sms.providerEnv);
    case 'twilio':
      return createTwilioGateway(config.sms.providerEnv);
    default:
      throw new ConfigError(`Invalid configuration:\n  SMS_PROVIDER: unknown gateway`);
  }
}

/**
 * The warning a production start on the outbox logs: phone sign-up and phone verification are
 * always offered, and their codes would reach no phone. Null when there is nothing to say.
 */
export function smsStartWarning(config: Pick<Config, 'env' | 'sms'>): string | null {
  if (config.env !== 'production' || config.sms.provider !== 'outbox') return null;
  return 'SMS_PROVIDER is not set: phone verification codes are written to the outbox and reach no phone (set SMS_PROVIDER=smspoh or twilio, README "Going live: SMS")';
}

export type ReceiptVerdict = 'recorded' | 'refused';

export interface SmsService {
  sender: SmsSender;
  jobTypes: Record<string, JobType>;
  /** A receipt for message `id` with the URL's `token`: recorded, or refused and nothing changed. */
  recordReceipt(id: string, token: string, request: ReceiptRequest): Promise<ReceiptVerdict>;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createSmsService(deps: {
  db: Db;
  gateway: SmsGateway;
  publicUrl: string;
  log: FastifyBaseLogger;
  metrics: Pick<ShopMetrics, 'smsCounted'> | null;
  /** A send job was written: the worker looks now. */
  wake: () => void;
}): SmsService {
  const { db, gateway, log } = deps;
  const count = (status: 'sent' | 'delivered' | 'failed') =>
    deps.metrics?.smsCounted(gateway.name, status);
  const receiptUrl = (id: string, token: string) =>
    `${deps.publicUrl}/api/v1/sms/receipts/${id}?token=${token}`;

  async function queue(message: SmsMessage): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(smsMessages)
        .values({
          provider: gateway.name,
          recipient: message.to,
          body: message.text,
          receiptToken: randomBytes(24).toString('base64url'),
        })
        .returning({ id: smsMessages.id });
      if (!row) throw new Error('SMS not written');
      await enqueueJob(tx, {
        type: SMS_SEND_JOB,
        dedupeKey: `sms:${row.id}`,
        payload: { messageId: row.id },
      });
    });
    deps.wake();
  }

  /** Ends a queued or sent message; answers whether this call ended it. */
  async function end(id: string, status: 'delivered' | 'failed', providerStatus: string) {
    const ended = await db
      .update(smsMessages)
      .set({ status, providerStatus, body: null, endedAt: new Date() })
      .where(and(eq(smsMessages.id, id), inArray(smsMessages.status, ['queued', 'sent'])))
      .returning({ id: smsMessages.id });
    if (ended.length > 0) count(status);
    return ended.length > 0;
  }

  async function sendJob(job: JobRow): Promise<void> {
    const messageId = String(job.payload.messageId);
    const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, messageId));
    if (row?.status !== 'queued' || row.body === null) return;
    try {
      const accepted = await gateway.send({
        id: row.id,
        to: row.recipient,
        text: row.body,
        receiptUrl: receiptUrl(row.id, row.receiptToken),
      });
      const marked = await db
        .update(smsMessages)
        .set({
          status: 'sent',
          body: null,
          sentAt: new Date(),
          providerMessageId: accepted.providerMessageId || null,
          providerStatus: accepted.providerStatus,
        })
        .where(and(eq(smsMessages.id, row.id), eq(smsMessages.status, 'queued')))
        .returning({ id: smsMessages.id });
      if (marked.length > 0) count('sent');
    } catch (err) {
      if (!(err instanceof SmsGatewayRefused)) throw err;
      log.warn(
        { smsId: row.id, provider: gateway.name, detail: err.detail },
        `SMS refused by the gateway, not sent: ${err.message}`,
      );
      await end(row.id, 'failed', `refused: ${err.detail}`.slice(0, 300));
    }
  }

  async function giveUp(job: JobRow): Promise<void> {
    await end(String(job.payload.messageId), 'failed', 'no answer from the gateway');
  }

  async function applyReceipt(id: string, receipt: SmsReceipt): Promise<void> {
    if (receipt.outcome !== 'pending') {
      if (!(await end(id, receipt.outcome, receipt.providerStatus)))
        log.info({ smsId: id, status: receipt.providerStatus }, 'SMS receipt after its end: kept');
      return;
    }
    await db
      .update(smsMessages)
      .set({ providerStatus: receipt.providerStatus })
      .where(and(eq(smsMessages.id, id), inArray(smsMessages.status, ['queued', 'sent'])));
  }

  async function recordReceipt(
    id: string,
    token: string,
    request: ReceiptRequest,
  ): Promise<ReceiptVerdict> {
    if (!isUuid(id)) return 'refused';
    const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, id));
    if (!row || row.provider !== gateway.name || !sameToken(token, row.receiptToken))
      return 'refused';
    const receipt = gateway.readReceipt(request);
    if (!receipt) return 'refused';
    // A receipt naming another of the gateway's messages than the one it accepted is not this one's.
    if (
      row.providerMessageId &&
      receipt.providerMessageId &&
      receipt.providerMessageId !== row.providerMessageId
    )
      return 'refused';
    await applyReceipt(row.id, receipt);
    return 'recorded';
  }

  return {
    sender: { send: queue },
    jobTypes: { [SMS_SEND_JOB]: { handle: sendJob, giveUp } },
    recordReceipt,
  };
}
