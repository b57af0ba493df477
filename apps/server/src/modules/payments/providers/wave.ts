import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from '@shop/contracts/payments';
import { z } from 'zod';
import { httpUrl, optionalMs } from '../../../platform/settings-fields.ts';
import { AcquirerError, providerSettings } from '../acquirer.ts';
import type { Acquirer, CallbackAck, ParsedCallback } from '../acquirer.ts';
import { isRecord, jsonOrUndefined } from '../../../platform/json.ts';

/*
 * Pay with Wave (WavePay's payment gateway, ADR 0059), written from Wave Money's published
 * integration guide (repository DigitalMoneyMyanmar/paywithwave.github.io, "How to integrate"
 * and "Technical Integration"; ../shared/research/going-live.md §3, §6.4):
 * - the shop POSTs the payment request as a form to {base}/payment, with
 *   hash = hex HMAC-SHA256(secret, time_to_live_in_seconds + merchant_id + order_id + amount +
 *   backend_result_url + merchant_reference_id), and gets 200 {message:"success", transaction_id};
 * - the customer is sent to {authenticate}?transaction_id=…, pays in the WavePay app;
 * - Wave POSTs JSON to backend_result_url with hashValue = hex HMAC-SHA256(secret, status +
 *   timeToLiveSeconds + merchantId + orderId + amount + backendResultUrl + merchantReferenceId +
 *   initiatorMsisdn + transactionId + paymentRequestId + requestTime), a null hashed as "null";
 * - only PAYMENT_CONFIRMED is a payment; there is no status API, and a payment left alone is
 *   reported SCHEDULER_TRANSACTION_TIMED_OUT 1 to 900 s after its time to live.
 */

/** The variables PAYMENT_PROVIDER=wave reads (WAVE_*); the list a start without them prints. */
export const waveSettingsSchema = z.object({
  WAVE_MERCHANT_ID: z.string().min(1),
  /** The hash secret key Wave Money issues. */
  WAVE_SECRET_KEY: z.string().min(8),
  /** The payment API root: /payment is under it (test https://testpayments.wavemoney.io:8107). */
  WAVE_BASE_URL: httpUrl(),
  /** The page the customer is sent to (test https://testpayments.wavemoney.io/authenticate). */
  WAVE_AUTHENTICATE_URL: httpUrl(),
  /** The name shown on Wave's payment screen (default MyanTopup). */
  WAVE_MERCHANT_NAME: z.optional(z.string().min(1).max(60)),
  /** One call's time budget: the customer waits on a create (default 10 s). */
  WAVE_TIMEOUT_MS: optionalMs(500, 60_000),
});

export interface WaveSettings {
  merchantId: string;
  secretKey: string;
  baseUrl: string;
  authenticateUrl: string;
  merchantName: string;
  /** Where Wave posts callbacks: PUBLIC_URL/api/v1/payments/webhook/wave. */
  backendResultUrl: string;
  /** Where the customer comes back to after paying: the shop's orders. */
  frontendResultUrl: string;
  timeoutMs: number;
}

export function waveSettings(
  env: Record<string, string | undefined>,
  publicUrl: string,
): { settings: WaveSettings } | { problems: string[] } {
  const found = providerSettings(waveSettingsSchema, env);
  if ('problems' in found) return found;
  const e = found.values;
  return {
    settings: {
      merchantId: e.WAVE_MERCHANT_ID,
      secretKey: e.WAVE_SECRET_KEY,
      baseUrl: e.WAVE_BASE_URL.replace(/\/+$/, ''),
      authenticateUrl: e.WAVE_AUTHENTICATE_URL,
      merchantName: e.WAVE_MERCHANT_NAME ?? 'MyanTopup',
      backendResultUrl: `${publicUrl}/api/v1/payments/webhook/wave`,
      frontendResultUrl: `${publicUrl}/orders`,
      timeoutMs: e.WAVE_TIMEOUT_MS ?? 10_000,
    },
  };
}

/** Wave's time to live is at most 10 minutes (its guide: "Limit 10 minutes"). */
const MAX_TTL_SECONDS = 600;

/** The fields of a payment request, in the order Wave hashes them. */
export const WAVE_REQUEST_HASH_FIELDS = [
  'time_to_live_in_seconds',
  'merchant_id',
  'order_id',
  'amount',
  'backend_result_url',
  'merchant_reference_id',
] as const;

/** The fields of a callback, in the order Wave hashes them. */
export const WAVE_CALLBACK_HASH_FIELDS = [
  'status',
  'timeToLiveSeconds',
  'merchantId',
  'orderId',
  'amount',
  'backendResultUrl',
  'merchantReferenceId',
  'initiatorMsisdn',
  'transactionId',
  'paymentRequestId',
  'requestTime',
] as const;

/** A value as Wave hashes it: text as it is, a number as its digits, null or absent as "null". */
const hashPart = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : 'null';

/** hex HMAC-SHA256(secret, the named fields' values concatenated in order). */
export function waveHash(
  fields: Record<string, unknown>,
  order: readonly string[],
  secret: string,
): string {
  return createHmac('sha256', secret)
    .update(order.map((name) => hashPart(fields[name])).join(''))
    .digest('hex');
}

/** Whole kyat of a Wave amount ("1000", 1000 or "1000.00"); null when it is not an amount. */
function kyatOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  return Math.floor(Number(text));
}

/** The statuses that end a payment unpaid (the guide's "Failed/Cancelled Transaction"). */
const FAILED_STATUSES = new Set([
  'TRANSACTION_TIMED_OUT',
  'ACCOUNT_LOCKED',
  'BILL_COLLECTION_FAILED',
  'PAYMENT_REQUEST_CANCELLED',
  'SCHEDULER_TRANSACTION_TIMED_OUT',
]);

/**
 * The event a callback reports: PAYMENT_CONFIRMED pays, a failed status ends the attempt, anything
 * else (INSUFFICIENT_BALANCE is "pending": the customer may add money and pay) reports nothing.
 */
function eventOf(fields: Record<string, unknown>): WebhookEvent | null {
  const status = hashPart(fields.status);
  const reference = hashPart(fields.merchantReferenceId);
  const amount = kyatOf(fields.amount);
  if (reference === 'null' || amount === null) return null;
  if (status !== 'PAYMENT_CONFIRMED' && !FAILED_STATUSES.has(status)) return null;
  const requestId = hashPart(fields.paymentRequestId);
  return {
    id: `wave:${requestId === 'null' ? reference : requestId}:${status}`,
    type: status === 'PAYMENT_CONFIRMED' ? 'payment.succeeded' : 'payment.failed',
    data: {
      reference,
      amount,
      currency: typeof fields.currency === 'string' && fields.currency ? fields.currency : 'MMK',
      // requestTime carries no time zone; Wave refuses payment past the time to live itself.
      occurredAt: '',
    },
  };
}

/**
 * Wave's guide does not say what the callback's answer must be (unverified): a 200 with a short
 * JSON body, as its own API answers.
 */
const ACK: CallbackAck = {
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: '{"message":"success"}',
};

export function createWaveAcquirer(settings: WaveSettings): Acquirer {
  return {
    name: 'wave',
    methods: ['direct'],
    // The time to live given at create: Wave answers TRANSACTION_TIMED_OUT past it.
    enforcesWindow: true,
    // No status API: a payment Wave never reported on goes to support (ADR 0059).
    finalCallbackWithinMs: 900_000,

    async createPayment(request) {
      if (request.method !== 'direct')
        throw new AcquirerError(`Wave does not collect ${request.method}`);
      const ttl = Math.min(
        MAX_TTL_SECONDS,
        Math.max(60, Math.floor((request.expiresAt.getTime() - request.now.getTime()) / 1000)),
      );
      const form: Record<string, string> = {
        time_to_live_in_seconds: String(ttl),
        merchant_id: settings.merchantId,
        order_id: request.orderNumber,
        merchant_reference_id: request.reference,
        frontend_result_url: settings.frontendResultUrl,
        backend_result_url: settings.backendResultUrl,
        amount: String(request.amountMmk),
        payment_description: `Order ${request.orderNumber}`,
        merchant_name: settings.merchantName,
        items: JSON.stringify([
          { name: `Order ${request.orderNumber}`, amount: request.amountMmk },
        ]),
      };
      form.hash = waveHash(form, WAVE_REQUEST_HASH_FIELDS, settings.secretKey);
      let status: number;
      let body: unknown;
      try {
        const res = await fetch(`${settings.baseUrl}/payment`, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams(form).toString(),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        status = res.status;
        body = await res.json().catch(() => null);
      } catch (err) {
        throw new AcquirerError('Wave payment request did not answer', {
          cause: err instanceof Error ? err.name : 'unknown',
        });
      }
      const transactionId =
        isRecord(body) && typeof body.transaction_id === 'string' ? body.transaction_id : '';
      if (status !== 200 || !transactionId)
        throw new AcquirerError('Wave refused the payment request', {
          httpStatus: status,
          message: isRecord(body) && typeof body.message === 'string' ? body.message : null,
        });
      const paymentUrl = `${settings.authenticateUrl}?${new URLSearchParams({ transaction_id: transactionId }).toString()}`;
      return { payload: paymentUrl, paymentQrCode: null, paymentToken: null, paymentUrl };
    },

    parseCallback(input): ParsedCallback {
      if (input.method !== 'POST') return { verified: false, reason: 'malformed' };
      const body = jsonOrUndefined(input.rawBody);
      if (body === undefined) return { verified: false, reason: 'malformed' };
      if (!isRecord(body)) return { verified: false, reason: 'malformed' };
      if (typeof body.hashValue !== 'string') return { verified: false, reason: 'missing' };
      const expected = Buffer.from(waveHash(body, WAVE_CALLBACK_HASH_FIELDS, settings.secretKey));
      const given = Buffer.from(body.hashValue.toLowerCase());
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        return { verified: false, reason: 'bad_signature' };
      if (hashPart(body.merchantId) !== settings.merchantId)
        return { verified: false, reason: 'malformed' };
      return { verified: true, trust: 'signed', event: eventOf(body) };
    },

    acknowledge() {
      return ACK;
    },
  };
}
