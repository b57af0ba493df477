import type { Language, LocalizedText } from '@shop/contracts/i18n';
import {
  notificationMessages,
  type PushEvent,
  type PushPayload,
} from '@shop/contracts/notifications';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobRow } from '../../platform/job-worker.ts';
import { orders } from '../orders/orders.tables.ts';
import { pushSends, pushSubscriptions } from './notifications.tables.ts';
import { PUSH_JOB } from './push-jobs.ts';

/** Hours a push service keeps a message for a device that is offline. */
const PUSH_TTL_SECONDS = 24 * 3600;
const PUSH_TIMEOUT_MS = 10_000;

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
 * goes out with fetch, which also reaches a test's plain-http stand-in push service (web-push's
 * own sender speaks https only). A push service's refusal is thrown with its status code.
 */
async function sendPush(
  subscription: webPush.PushSubscription,
  payload: string,
  options: webPush.RequestOptions,
): Promise<void> {
  const request = webPush.generateRequestDetails(subscription, payload, options);
  const answer = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body,
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await answer.body?.cancel();
  if (!answer.ok)
    throw Object.assign(new Error(`push service answered ${answer.status}`), {
      statusCode: answer.status,
    });
}

/**
 * Web Push (issue 16): browsers' subscriptions per user and device, and the pushes of order events.
 * An event is queued as a job in the transaction that caused it (fulfilment, refunds, payments:
 * push-jobs.ts), so it survives a crash or a restart; each device gets it at most once (a
 * `push_sends` row is written before the send). Subscriptions the push service says are gone
 * (404, 410) are deleted.
 */
export function createPushService(deps: {
  db: Db;
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** Plain-http endpoints (a test's stand-in push service); https only otherwise. */
  allowHttp: boolean;
  log: FastifyBaseLogger;
}) {
  const { db, log } = deps;

  /** Endpoints a push service would have: https (http only when allowed), no credentials. */
  function checkEndpoint(endpoint: string, lang: Language): void {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new AppError('VALIDATION_ERROR', notificationMessages.invalidSubscription[lang]);
    }
    const protocols = deps.allowHttp ? ['https:', 'http:'] : ['https:'];
    if (!protocols.includes(url.protocol) || url.username || url.password)
      throw new AppError('VALIDATION_ERROR', notificationMessages.invalidSubscription[lang]);
  }

  async function sendEvent(orderId: string, event: PushEvent): Promise<void> {
    const [order] = await db
      .select({ id: orders.id, orderNumber: orders.orderNumber, userId: orders.userId })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) return;
    const eventKey = `${event}:${orderId}`;
    const devices = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, order.userId));
    for (const device of devices) {
      // Written first: a rerun after a crash skips the devices already tried (at most once).
      const claimed = await db
        .insert(pushSends)
        .values({ eventKey, subscriptionId: device.id })
        .onConflictDoNothing()
        .returning({ eventKey: pushSends.eventKey });
      if (claimed.length === 0) continue;
      const payload = JSON.stringify(pushPayload(event, order, device.language));
      try {
        await sendPush(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          payload,
          {
            TTL: PUSH_TTL_SECONDS,
            vapidDetails: deps.vapid,
            urgency: event === 'payment_expired' ? 'normal' : 'high',
            topic: event.replace('_', '-'),
          },
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
  }

  return {
    publicKey: deps.vapid.publicKey,

    /** Stores (or moves to this user) the device's subscription. */
    async subscribe(
      userId: string,
      body: { endpoint: string; keys: { p256dh: string; auth: string }; language?: Language },
      lang: Language,
    ): Promise<void> {
      checkEndpoint(body.endpoint, lang);
      const p256dh = Buffer.from(body.keys.p256dh, 'base64url');
      const auth = Buffer.from(body.keys.auth, 'base64url');
      if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length < 16)
        throw new AppError('VALIDATION_ERROR', notificationMessages.invalidSubscription[lang]);
      const row = {
        userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        language: body.language ?? lang,
      };
      // One device, one row: a phone shared by two accounts notifies the one signed in last.
      await db
        .insert(pushSubscriptions)
        .values(row)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row });
    },

    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    sendEvent,

    /** The job type the worker runs (platform/job-worker.ts). */
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
