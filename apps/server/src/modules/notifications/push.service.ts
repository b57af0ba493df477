import type { Language, LocalizedText } from '@shop/contracts/i18n';
import {
  notificationMessages,
  type PushEvent,
  type PushPayload,
} from '@shop/contracts/notifications';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import { lockForTransaction, type Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobRow } from '../../platform/job-worker.ts';
import { orderRecords } from '../orders/orders.service.ts';
import { pushSends, pushSubscriptions } from './notifications.tables.ts';
import {
  endpointHostAllowed,
  publicAddressLookup,
  type PushDestinations,
} from './push-endpoint.ts';
import { PUSH_JOB } from './push-jobs.ts';

/** Hours a push service keeps a message for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 3600;
/**
 * One push job's whole time (ADR 0042): its devices are sent to at once, and a push service that
 * has not answered by then is given up for this event. FCM and Mozilla answer in well under 1 s.
 */
const PUSH_JOB_BUDGET_MS = 3_000;
/** Devices an account keeps; a new one beyond drops the oldest (ADR 0042). */
export const PUSH_DEVICES_PER_ACCOUNT = 10;

const texts: Record<PushEvent, { title: LocalizedText; body: LocalizedText }> = {
  order_completed: {
    title: { en: 'Your order is ready', my: 'သင့်အော်ဒါ အဆင်သင့်ဖြစ်ပါပြီ' },
    body: {
      en: 'Order {number} is completed. Tap to see your codes and top-ups.',
      my: 'အော်ဒါ {number} ပြီးဆုံးပါပြီ။ ကုဒ်များနှင့် ငွေဖြည့်မှုများကို ကြည့်ရန် နှိပ်ပါ။',
    },
  },
  order_failed: {
    title: { en: 'Your order could not be completed', my: 'သင့်အော်ဒါကို မပြီးမြောက်နိုင်ပါ' },
    body: {
      en: 'Order {number} failed. What you paid for it is being refunded; tap for details.',
      my: 'အော်ဒါ {number} မအောင်မြင်ပါ။ ပေးချေထားသော ငွေကို ပြန်အမ်းနေပါသည်။ အသေးစိတ်ကြည့်ရန် နှိပ်ပါ။',
    },
  },
  order_refunded: {
    title: { en: 'Your refund is done', my: 'ငွေပြန်အမ်းပြီးပါပြီ' },
    body: {
      en: 'The refund of order {number} has been paid. Tap for details.',
      my: 'အော်ဒါ {number} အတွက် ငွေပြန်အမ်းပြီးပါပြီ။ အသေးစိတ်ကြည့်ရန် နှိပ်ပါ။',
    },
  },
  payment_expired: {
    title: { en: 'Payment time is up', my: 'ငွေပေးချေချိန် ကုန်သွားပါပြီ' },
    body: {
      en: 'The QR code of order {number} expired. Tap to pay with a new one.',
      my: 'အော်ဒါ {number} ၏ QR ကုဒ် သက်တမ်းကုန်သွားပါပြီ။ အသစ်ဖြင့် ပေးချေရန် နှိပ်ပါ။',
    },
  },
};

/** The notification of an event, in the device's language. */
export function pushPayload(
  event: PushEvent,
  order: { id: string; orderNumber: string },
  language: Language,
): PushPayload {
  const text = texts[event];
  return {
    event,
    title: text.title[language],
    body: text.body[language].replace('{number}', order.orderNumber),
    url: `/orders/${order.id}`,
    tag: `${event}:${order.id}`,
  };
}

/**
 * Sends one push: web-push encrypts it (RFC 8291) and signs the VAPID header; the request itself
 * goes out with node:http(s), which also reaches a test's plain-http stand-in push service
 * (web-push's own sender speaks https only), follows no redirect, and connects only to the
 * addresses `lookup` checked. A push service's refusal is thrown with its status code.
 */
async function sendPush(
  subscription: webPush.PushSubscription,
  payload: string,
  options: webPush.RequestOptions,
  connection: { lookup: LookupFunction; signal: AbortSignal },
): Promise<void> {
  const request = webPush.generateRequestDetails(subscription, payload, options);
  const url = new URL(request.endpoint);
  const status = await new Promise<number>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        lookup: connection.lookup,
        signal: connection.signal,
      },
      (answer) => {
        // The body is not needed; one that never ends is cut at the deadline, quietly.
        answer.on('error', () => undefined);
        answer.resume();
        resolve(answer.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
  if (status < 200 || status > 299)
    throw Object.assign(new Error(`push service answered ${String(status)}`), {
      statusCode: status,
    });
}

/**
 * Web Push (issue 16): browsers' subscriptions per user and device, and the pushes of order events.
 * An event is queued as a job in the transaction that caused it (fulfilment, refunds, payments:
 * push-jobs.ts), so it survives a crash or a restart; each device gets it at most once (a
 * `push_sends` row is written before the send). Subscriptions the push service says are gone
 * (404, 410) are deleted. The jobs run in a worker of their own (app.ts), never in fulfilment's
 * slots, and each takes at most PUSH_JOB_BUDGET_MS (ADR 0042).
 */
export function createPushService(deps: {
  db: Db;
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Plain-http endpoints (a test's stand-in push service); https only otherwise. */
  allowHttp: boolean;
  /** The hosts and addresses pushes may go to (push-endpoint.ts). */
  destinations: PushDestinations;
  log: FastifyBaseLogger;
}) {
  const { db, log, destinations } = deps;
  const lookup = publicAddressLookup(destinations);

  /** Endpoints a push service would have: https (http only when allowed), its host, no login. */
  function endpointAllowed(endpoint: string): boolean {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    const protocols = deps.allowHttp ? ['https:', 'http:'] : ['https:'];
    return (
      protocols.includes(url.protocol) &&
      !url.username &&
      !url.password &&
      endpointHostAllowed(url, destinations)
    );
  }

  type Device = typeof pushSubscriptions.$inferSelect;

  /** One device's push, within the job's deadline; a gone device is deleted, a failure logged. */
  async function deliver(
    device: Device,
    payload: PushPayload,
    deadline: AbortSignal,
  ): Promise<void> {
    // Stored before the rules of issue 25, or allowed no more: never connected to, and deleted, so
    // it neither counts against the account's devices nor warns at every event.
    if (!endpointAllowed(device.endpoint)) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      log.info({ subscriptionId: device.id }, 'push subscription not on an allowed host: removed');
      return;
    }
    const { event } = payload;
    try {
      await sendPush(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        {
          TTL: PUSH_TTL_SECONDS,
          vapidDetails: deps.vapid,
          urgency: event === 'payment_expired' ? 'normal' : 'high',
          topic: event.replaceAll('_', '-'),
        },
        { lookup, signal: deadline },
      );
    } catch (err) {
      const status = (err as { statusCode?: unknown }).statusCode;
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        log.info({ subscriptionId: device.id }, 'push subscription gone: removed');
      } else {
        log.warn({ err, subscriptionId: device.id, event }, 'push not delivered');
      }
    }
  }

  /**
   * The event `eventKey` to the account's newest devices, each in its language, each at most once
   * (a `push_sends` row is written before the send). Answers how many devices it went to.
   */
  async function sendToDevices(
    userId: string,
    eventKey: string,
    payloadFor: (language: Language) => PushPayload,
  ): Promise<number> {
    // The newest devices only, also for an account that stored more before the limit existed.
    const devices = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_DEVICES_PER_ACCOUNT);
    if (devices.length === 0) return 0;
    // Written first: a rerun after a crash skips the devices already tried (at most once).
    const claimed = await db
      .insert(pushSends)
      .values(devices.map((device) => ({ eventKey, subscriptionId: device.id })))
      .onConflictDoNothing()
      .returning({ subscriptionId: pushSends.subscriptionId });
    const toSend = new Set(claimed.map((c) => c.subscriptionId));
    // All devices at once, sharing one deadline: the job never outlasts the budget.
    const deadline = AbortSignal.timeout(PUSH_JOB_BUDGET_MS);
    const chosen = devices.filter((device) => toSend.has(device.id));
    await Promise.all(
      chosen.map((device) => deliver(device, payloadFor(device.language), deadline)),
    );
    return chosen.length;
  }

  async function sendEvent(orderId: string, event: PushEvent): Promise<void> {
    const order = (await orderRecords(db).findOrder(orderId))?.order;
    if (!order) return;
    await sendToDevices(order.userId, `${event}:${orderId}`, (language) =>
      pushPayload(event, order, language),
    );
  }

  return {
    publicKey: deps.vapid.publicKey,

    /**
     * Stores this device's subscription for the user, keeping their newest
     * PUSH_DEVICES_PER_ACCOUNT. An endpoint another account holds moves only when posted with its
     * own keys (the same browser subscription: a phone shared by two accounts); otherwise it is
     * refused and stays where it is (ADR 0042).
     */
    async subscribe(
      userId: string,
      body: { endpoint: string; keys: { p256dh: string; auth: string }; language?: Language },
      lang: Language,
    ): Promise<void> {
      const invalid = () =>
        new AppError('VALIDATION_ERROR', notificationMessages.invalidSubscription[lang]);
      if (!endpointAllowed(body.endpoint)) throw invalid();
      const p256dh = Buffer.from(body.keys.p256dh, 'base64url');
      const auth = Buffer.from(body.keys.auth, 'base64url');
      if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length < 16) throw invalid();
      const row = {
        userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        language: body.language ?? lang,
      };
      const stored = await db.transaction(async (tx) => {
        // One account's subscribes one at a time, so the limit below holds under concurrency.
        await lockForTransaction(tx, `push:${userId}`);
        const [saved] = await tx
          .insert(pushSubscriptions)
          .values(row)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { ...row, createdAt: sql`now()` },
            setWhere: sql`${pushSubscriptions.userId} = ${userId}
              or (${pushSubscriptions.p256dh} = excluded.p256dh
                and ${pushSubscriptions.auth} = excluded.auth)`,
          })
          .returning({ id: pushSubscriptions.id });
        if (!saved) return false;
        const newest = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(PUSH_DEVICES_PER_ACCOUNT);
        await tx
          .delete(pushSubscriptions)
          .where(
            and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)),
          );
        return true;
      });
      if (!stored) throw invalid();
    },

    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    sendEvent,

    /**
     * A push about the account itself, not one of its orders (a "top me up" request paid): to its
     * devices, each at most once for `eventKey`, in the device's language. Run it from a job.
     */
    sendToAccount: sendToDevices,

    /** The job type the push worker runs (platform/job-worker.ts; app.ts). */
    jobTypes: {
      [PUSH_JOB]: {
        handle: (job: JobRow) => {
          const { orderId, event } = job.payload;
          if (typeof orderId !== 'string' || typeof event !== 'string')
            throw new Error(`push job ${job.id} has no orderId or event`);
          return sendEvent(orderId, event as PushEvent);
        },
      },
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
