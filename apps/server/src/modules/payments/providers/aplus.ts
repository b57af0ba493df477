import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@shop/contracts/payments';
import { z } from 'zod';
import { httpUrl, optionalMs } from '../../../platform/settings-fields.ts';
import { AcquirerError, providerSettings } from '../acquirer.ts';
import type { Acquirer, CallbackAck, ParsedCallback, ProviderPaymentStatus } from '../acquirer.ts';
import { isRecord } from '../../../platform/json.ts';

/*
 * ABank's A+ wallet MM QR acquiring service (ADR 0058), from its documented shapes
 * (../shared/research/going-live.md §3, §6.4: "ABank Merchant Third-Party Acquiring QR Service"):
 * an order is created with the secretKey and eccode headers and answers the QR to show; the
 * callback is an unsigned GET whose every parameter anyone could forge, so it only prompts the
 * enquiry, and only an enquiry that says paid pays.
 */

export const aplusSettingsSchema = z.object({
  /** The service root: /v1/order/create and /v1/order/posEnquiry/{orderId} are under it. */
  APLUS_BASE_URL: httpUrl(),
  APLUS_SECRET_KEY: z.string().min(8),
  APLUS_ECCODE: z.string().min(1),
  APLUS_MERCHANT_ID: z.string().min(1),
  APLUS_CHANNEL_CODE: z.optional(z.string().min(1)),
  APLUS_TIMEOUT_MS: optionalMs(500, 60_000),
});

export interface AplusSettings {
  baseUrl: string;
  secretKey: string;
  eccode: string;
  merchantId: string;
  channelCode: string | null;
  callbackUrl: string;
  timeoutMs: number;
}

export function aplusSettings(
  env: Record<string, string | undefined>,
  publicUrl: string,
): { settings: AplusSettings } | { problems: string[] } {
  const found = providerSettings(aplusSettingsSchema, env);
  if ('problems' in found) return found;
  const e = found.values;
  return {
    settings: {
      baseUrl: e.APLUS_BASE_URL.replace(/\/+$/, ''),
      secretKey: e.APLUS_SECRET_KEY,
      eccode: e.APLUS_ECCODE,
      merchantId: e.APLUS_MERCHANT_ID,
      channelCode: e.APLUS_CHANNEL_CODE ?? null,
      callbackUrl: `${publicUrl}/api/v1/payments/webhook/aplus`,
      timeoutMs: e.APLUS_TIMEOUT_MS ?? 10_000,
    },
  };
}

/** "yyyy-MM-dd HH:mm:ss" in Yangon time, as createdDate is written. */
const yangonDateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Yangon',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** paymentTxnStatus: 200 success, 100 pending, 500 fail, 400 refunded, 403 not found. */
const TXN_STATUS: Record<string, ProviderPaymentStatus['status']> = {
  '200': 'paid',
  '100': 'pending',
  '500': 'failed',
};

const ACK: CallbackAck = { status: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' };

export function createAplusAcquirer(settings: AplusSettings): Acquirer {
  async function request(path: string, init: { method: 'GET' | 'POST'; body?: unknown }) {
    let status: number;
    let body: unknown;
    try {
      const res = await fetch(`${settings.baseUrl}${path}`, {
        method: init.method,
        headers: {
          accept: 'application/json',
          secretKey: settings.secretKey,
          eccode: settings.eccode,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      status = res.status;
      body = await res.json().catch(() => null);
    } catch (err) {
      throw new AcquirerError(`A+ ${path} did not answer`, {
        cause: err instanceof Error ? err.name : 'unknown',
      });
    }
    if (!isRecord(body) || Number(body.respondCode) !== 200 || !isRecord(body.data))
      throw new AcquirerError(`A+ ${path} refused`, {
        httpStatus: status,
        code: isRecord(body) ? body.respondCode : null,
      });
    return body.data;
  }

  return {
    name: 'aplus',
    // An MM QR order: any MMQR wallet can pay it.
    methods: ['mmqr'],
    // Not documented that A+ refuses payment after a window: the enquiry's news is compared with
    // the payment's window (a late one is recorded for refund).
    enforcesWindow: false,

    async createPayment(req) {
      if (req.method !== 'mmqr') throw new AcquirerError(`A+ does not collect ${req.method}`);
      const data = await request('/v1/order/create', {
        method: 'POST',
        body: {
          requestNo: randomUUID(),
          // ≤ 20 characters: the payment's reference is exactly 20.
          orderId: req.reference,
          merchantId: settings.merchantId,
          amount: req.amountMmk,
          currency: 'MMK',
          rewardPoint: 0,
          description: `Order ${req.orderNumber}`,
          createdDate: yangonDateTime.format(req.now),
          callbackUrl: settings.callbackUrl,
          ...(settings.channelCode ? { channelCode: settings.channelCode } : {}),
        },
      });
      const qr = typeof data.qr === 'string' ? data.qr : '';
      if (!qr) throw new AcquirerError('A+ order create gave no QR');
      return { payload: qr, paymentQrCode: qr, paymentToken: null, paymentUrl: null };
    },

    parseCallback(input): ParsedCallback {
      // Unsigned: it names the order and nothing it says is believed (the enquiry decides).
      const reference = input.query.orderId ?? '';
      if (!/^[A-Za-z0-9_-]{1,40}$/.test(reference)) return { verified: false, reason: 'malformed' };
      const hint: WebhookEvent = {
        id: `aplus-callback:${reference}`,
        type: 'payment.succeeded',
        data: { reference, amount: 0, currency: 'MMK', occurredAt: '' },
      };
      return { verified: true, trust: 'confirm_by_query', event: hint };
    },

    acknowledge() {
      return ACK;
    },

    async queryPayment(payment) {
      const data = await request(`/v1/order/posEnquiry/${encodeURIComponent(payment.reference)}`, {
        method: 'GET',
      });
      const code =
        typeof data.paymentTxnStatus === 'number' || typeof data.paymentTxnStatus === 'string'
          ? String(data.paymentTxnStatus)
          : '';
      const status = TXN_STATUS[code] ?? 'unknown';
      // ABank echoes the order id; another order's answer is never applied to this payment.
      if (typeof data.orderId === 'string' && data.orderId !== payment.reference)
        return { status: 'unknown', event: null };
      if (status !== 'paid' && status !== 'failed') return { status, event: null };
      // The amount is optional in the answer; when absent the QR's own (fixed) amount was paid.
      const amount =
        typeof data.amount === 'number' || typeof data.amount === 'string'
          ? Math.floor(Number(data.amount))
          : payment.amountMmk;
      const transaction =
        typeof data.transactionId === 'string' && data.transactionId
          ? data.transactionId
          : payment.reference;
      return {
        status,
        event: {
          id: `aplus:${transaction}:${code}`,
          type: status === 'paid' ? 'payment.succeeded' : 'payment.failed',
          data: {
            reference: payment.reference,
            amount: Number.isFinite(amount) ? amount : 0,
            currency: 'MMK',
            occurredAt: '',
          },
        },
      };
    },
  };
}
