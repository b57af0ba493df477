import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from '@shop/contracts/payments';
import { z } from 'zod';
import {
  AcquirerError,
  providerSettings,
  type Acquirer,
  type CallbackAck,
  type ParsedCallback,
  type PayableMethod,
  type ProviderPaymentStatus,
} from '../acquirer.ts';

/*
 * KBZPay's payment gateway (ADR 0058), written from its documented shapes
 * (../shared/research/going-live.md §3, §6.4): requests are {"Request":{…, biz_content:{…}}} and
 * answers {"Response":{…}}, both signed UPPER(SHA-256(sorted k=v&…&key=appKey)); the callback is a
 * signed POST answered with the plain text `success`.
 */

/** The variables PAYMENT_PROVIDER=kbzpay reads (KBZPAY_*); the list a start without them prints. */
export const kbzpaySettingsSchema = z.object({
  KBZPAY_APP_ID: z.string().min(1),
  KBZPAY_APP_KEY: z.string().min(8),
  KBZPAY_MERCH_CODE: z.string().min(1),
  /** The gateway: /precreate, /queryorder and /closeorder are under it. */
  KBZPAY_BASE_URL: z.url({ protocol: /^https?$/ }),
  /** The PWA checkout page for the redirect method; without it only MM QR is offered. */
  KBZPAY_PWA_URL: z.optional(z.url({ protocol: /^https?$/ })),
  /** One call's time budget: the customer waits on a create (default 10 s). */
  KBZPAY_TIMEOUT_MS: z.optional(z.coerce.number().int().min(500).max(60_000)),
});

export interface KbzPaySettings {
  appId: string;
  appKey: string;
  merchCode: string;
  baseUrl: string;
  pwaUrl: string | null;
  /** Where KBZPay posts callbacks: PUBLIC_URL/api/v1/payments/webhook/kbzpay. */
  notifyUrl: string;
  timeoutMs: number;
}

/** The settings from KBZPAY_* variables, or the list of what is missing or malformed. */
export function kbzpaySettings(
  env: Record<string, string | undefined>,
  publicUrl: string,
): { settings: KbzPaySettings } | { problems: string[] } {
  const found = providerSettings(kbzpaySettingsSchema, env);
  if ('problems' in found) return found;
  const e = found.values;
  return {
    settings: {
      appId: e.KBZPAY_APP_ID,
      appKey: e.KBZPAY_APP_KEY,
      merchCode: e.KBZPAY_MERCH_CODE,
      baseUrl: e.KBZPAY_BASE_URL.replace(/\/+$/, ''),
      pwaUrl: e.KBZPAY_PWA_URL ?? null,
      notifyUrl: `${publicUrl}/api/v1/payments/webhook/kbzpay`,
      timeoutMs: e.KBZPAY_TIMEOUT_MS ?? 10_000,
    },
  };
}

/** A field's value as KBZ signs it: strings as they are, numbers and booleans as text. */
const scalar = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : null;

/**
 * The text KBZ signs: every non-empty scalar field except `sign`, `sign_type` and `skip`, sorted by
 * name, as raw `name=value` joined by `&` (nested objects such as biz_content are left out: a
 * request's are flattened into the set by the caller).
 */
export function kbzSignText(fields: Record<string, unknown>, skip: readonly string[] = []): string {
  return Object.entries(fields)
    .filter(([name]) => name !== 'sign' && name !== 'sign_type' && !skip.includes(name))
    .map(([name, value]) => [name, scalar(value)] as const)
    .filter((pair): pair is readonly [string, string] => pair[1] !== null && pair[1] !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** UPPER(hex SHA-256(signText + "&key=" + appKey)). */
export function kbzSign(
  fields: Record<string, unknown>,
  appKey: string,
  skip: readonly string[] = [],
): string {
  return createHash('sha256')
    .update(`${kbzSignText(fields, skip)}&key=${appKey}`)
    .digest('hex')
    .toUpperCase();
}

function kbzVerify(
  fields: Record<string, unknown>,
  appKey: string,
  skip: readonly string[] = [],
): boolean {
  const given = fields.sign;
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(kbzSign(fields, appKey, skip));
  const actual = Buffer.from(given.toUpperCase());
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whole kyat of a KBZ amount ("1000" or "1000.00"); null when it is not an amount. */
function kyatOf(value: unknown): number | null {
  const text = scalar(value);
  if (text === null || !/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  return Math.floor(Number(text));
}

/** notify_time as ISO 8601 when it reads as a time (unix seconds or ms, or ISO), else ''. */
function isoOf(value: unknown): string {
  const text = scalar(value) ?? '';
  const date = /^\d{10}$/.test(text)
    ? new Date(Number(text) * 1000)
    : /^\d{13}$/.test(text)
      ? new Date(Number(text))
      : new Date(text);
  return text !== '' && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}

/** The event a PAY_SUCCESS or PAY_FAILED reports; the same id from a callback and a query. */
function eventOf(fields: Record<string, unknown>): WebhookEvent | null {
  const status = scalar(fields.trade_status);
  const reference = scalar(fields.merch_order_id);
  if ((status !== 'PAY_SUCCESS' && status !== 'PAY_FAILED') || !reference) return null;
  const amount = kyatOf(fields.total_amount);
  if (amount === null) return null;
  const kbzOrder = scalar(fields.mm_order_id) || reference;
  return {
    id: `kbz:${kbzOrder}:${status}`,
    type: status === 'PAY_SUCCESS' ? 'payment.succeeded' : 'payment.failed',
    data: {
      reference,
      amount,
      // KBZPay takes kyat only; a query's answer may not repeat the currency.
      currency: scalar(fields.trans_currency) ?? 'MMK',
      occurredAt: isoOf(fields.notify_time),
    },
  };
}

const TRADE_STATUS: Record<string, ProviderPaymentStatus['status']> = {
  PAY_SUCCESS: 'paid',
  WAIT_PAY: 'pending',
  PAYING: 'pending',
  PAY_FAILED: 'failed',
  ORDER_CLOSED: 'expired',
  ORDER_EXPIRED: 'expired',
};

const SUCCESS_ACK: CallbackAck = {
  status: 200,
  contentType: 'text/plain; charset=utf-8',
  body: 'success',
};

export function createKbzPayAcquirer(settings: KbzPaySettings): Acquirer {
  const methods: PayableMethod[] = settings.pwaUrl ? ['mmqr', 'direct'] : ['mmqr'];

  /** One signed call; answers the verified Response or throws an AcquirerError. */
  async function call(
    endpoint: 'precreate' | 'queryorder' | 'closeorder',
    method: string,
    version: string,
    biz: Record<string, string>,
    extra: Record<string, string> = {},
  ): Promise<{ response: Record<string, unknown>; nonce: string; timestamp: string }> {
    const nonce = randomBytes(16).toString('hex');
    const timestamp = String(Math.floor(Date.now() / 1000));
    const common = { timestamp, method, nonce_str: nonce, version, ...extra };
    const request = {
      ...common,
      sign_type: 'SHA256',
      sign: kbzSign({ ...common, ...biz }, settings.appKey),
      biz_content: biz,
    };
    let status: number;
    let body: unknown;
    try {
      const res = await fetch(`${settings.baseUrl}/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ Request: request }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      status = res.status;
      body = await res.json().catch(() => null);
    } catch (err) {
      throw new AcquirerError(`KBZPay ${endpoint} did not answer`, {
        cause: err instanceof Error ? err.name : 'unknown',
      });
    }
    const response = isRecord(body) && isRecord(body.Response) ? body.Response : null;
    if (!response || response.result !== 'SUCCESS' || scalar(response.code) !== '0')
      throw new AcquirerError(`KBZPay ${endpoint} refused`, {
        httpStatus: status,
        code: response ? scalar(response.code) : null,
        msg: response ? scalar(response.msg) : null,
      });
    // The answer is signed as a callback is (qrCode left out of the set, as KBZ's demo verifies).
    if (!kbzVerify(response, settings.appKey, ['qrCode']))
      throw new AcquirerError(`KBZPay ${endpoint} answer has a wrong signature`, {
        httpStatus: status,
      });
    return { response, nonce, timestamp };
  }

  const bizOf = (reference: string) => ({
    appid: settings.appId,
    merch_code: settings.merchCode,
    merch_order_id: reference,
  });

  return {
    name: 'kbzpay',
    methods,
    enforcesWindow: true,

    async createPayment(request) {
      if (!methods.includes(request.method))
        throw new AcquirerError(`KBZPay does not collect ${request.method}`);
      const minutes = Math.min(
        120,
        Math.max(1, Math.ceil((request.expiresAt.getTime() - request.now.getTime()) / 60_000)),
      );
      const tradeType = request.method === 'mmqr' ? 'PAY_BY_QRCODE' : 'PWAAPP';
      const { response, nonce, timestamp } = await call(
        'precreate',
        'kbz.payment.precreate',
        '1.0',
        {
          ...bizOf(request.reference),
          trade_type: tradeType,
          total_amount: String(request.amountMmk),
          trans_currency: 'MMK',
          title: `Order ${request.orderNumber}`,
          timeout_express: `${String(minutes)}m`,
        },
        { notify_url: settings.notifyUrl },
      );
      const prepayId = scalar(response.prepay_id);
      if (!prepayId) throw new AcquirerError('KBZPay precreate gave no prepay_id');
      if (tradeType === 'PAY_BY_QRCODE') {
        const qrCode = scalar(response.qrCode);
        if (!qrCode) throw new AcquirerError('KBZPay precreate gave no qrCode');
        return { payload: qrCode, paymentQrCode: qrCode, paymentToken: null, paymentUrl: null };
      }
      // The PWA page opens KBZPay with the prepared order, its fields signed as a request's.
      const fields = {
        appid: settings.appId,
        merch_code: settings.merchCode,
        nonce_str: nonce,
        prepay_id: prepayId,
        timestamp,
      };
      const query = `${kbzSignText(fields)}&sign=${kbzSign(fields, settings.appKey)}`;
      const paymentUrl = `${settings.pwaUrl ?? ''}?${query}`;
      return { payload: paymentUrl, paymentQrCode: null, paymentToken: null, paymentUrl };
    },

    parseCallback(input): ParsedCallback {
      if (input.method !== 'POST') return { verified: false, reason: 'malformed' };
      let body: unknown;
      try {
        body = JSON.parse(input.rawBody);
      } catch {
        return { verified: false, reason: 'malformed' };
      }
      // {"Request":{…}}, or the same fields unwrapped.
      const fields = isRecord(body) ? (isRecord(body.Request) ? body.Request : body) : null;
      if (!fields || typeof fields.sign !== 'string') return { verified: false, reason: 'missing' };
      if (!kbzVerify(fields, settings.appKey)) return { verified: false, reason: 'bad_signature' };
      if (scalar(fields.merch_code) !== settings.merchCode)
        return { verified: false, reason: 'malformed' };
      return { verified: true, trust: 'signed', event: eventOf(fields) };
    },

    acknowledge() {
      return SUCCESS_ACK;
    },

    async queryPayment(payment) {
      const { response } = await call(
        'queryorder',
        'kbz.payment.queryorder',
        '3.0',
        bizOf(payment.reference),
      );
      const tradeStatus = scalar(response.trade_status) ?? '';
      return {
        status: TRADE_STATUS[tradeStatus] ?? 'unknown',
        event: eventOf({ ...response, merch_order_id: payment.reference }),
      };
    },

    async cancelPayment(reference) {
      await call('closeorder', 'kbz.payment.closeorder', '3.0', bizOf(reference));
    },
  };
}
