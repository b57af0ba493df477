import {
  createHash,
  createPrivateKey,
  randomBytes,
  timingSafeEqual,
  X509Certificate,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import type { WebhookEvent } from '@shop/contracts/payments';
import { z } from 'zod';
import { httpUrl, optionalMs } from '../../../platform/settings-fields.ts';
import { AcquirerError, providerSettings } from '../acquirer.ts';
import type {
  Acquirer,
  CallbackAck,
  ParsedCallback,
  PayableMethod,
  ProviderPaymentStatus,
  RefundRequest,
  RefundResult,
} from '../acquirer.ts';
import { isRecord, jsonOrUndefined } from '../../../platform/json.ts';

/*
 * KBZPay's payment gateway (ADR 0058), written from its documented shapes
 * (../shared/research/going-live.md §3, §6.4): requests are {"Request":{…, biz_content:{…}}} and
 * answers {"Response":{…}}, both signed UPPER(SHA-256(sorted k=v&…&key=appKey)); the callback is a
 * signed POST answered with the plain text `success`. Refunds (ADR 0060) go to a host of their own
 * over HTTPS with the merchant's client certificate.
 */

/** The variables PAYMENT_PROVIDER=kbzpay reads (KBZPAY_*); the list a start without them prints. */
export const kbzpaySettingsSchema = z.object({
  KBZPAY_APP_ID: z.string().min(1),
  KBZPAY_APP_KEY: z.string().min(8),
  KBZPAY_MERCH_CODE: z.string().min(1),
  /** The gateway: /precreate, /queryorder and /closeorder are under it. */
  KBZPAY_BASE_URL: httpUrl(),
  /** The PWA checkout page for the redirect method; without it only MM QR is offered. */
  KBZPAY_PWA_URL: z.optional(httpUrl()),
  /** One call's time budget: the customer waits on a create (default 10 s); refunds too. */
  KBZPAY_TIMEOUT_MS: optionalMs(500, 60_000),
  /**
   * Refunds (ADR 0060): KBZ's refund address (production
   * `https://api.kbzpay.com:8008/payment/gateway/refund`), reached with the merchant's client
   * certificate and its key. The three together, or none (refunds stay manual).
   */
  KBZPAY_REFUND_URL: z.optional(z.url({ protocol: /^https$/ })),
  /** PEM text, or the path of a PEM file. */
  KBZPAY_CLIENT_CERT: z.optional(z.string().min(1)),
  /** PEM text, or the path of a PEM file; encrypted keys need KBZPAY_CLIENT_KEY_PASSPHRASE. */
  KBZPAY_CLIENT_KEY: z.optional(z.string().min(1)),
  KBZPAY_CLIENT_KEY_PASSPHRASE: z.optional(z.string().min(1)),
  /**
   * A CA trusted for the refund host besides the usual ones (PEM text or path): KBZ's own, if its
   * refund host's certificate is signed by it (KBZ's demo loads one), or a test stand-in's.
   */
  KBZPAY_REFUND_CA: z.optional(z.string().min(1)),
});

/** KBZ's refund over mutual TLS: the address, the client certificate and key, PEM. */
export interface KbzRefundSettings {
  url: string;
  cert: string;
  key: string;
  passphrase: string | null;
  /** Trusted besides the usual CAs; null: the usual CAs only. */
  ca: string | null;
}

export interface KbzPaySettings {
  appId: string;
  appKey: string;
  merchCode: string;
  baseUrl: string;
  pwaUrl: string | null;
  /** Where KBZPay posts callbacks: PUBLIC_URL/api/v1/payments/webhook/kbzpay. */
  notifyUrl: string;
  timeoutMs: number;
  /** Null: KBZ refunds are not configured and stay manual in the back-office. */
  refund: KbzRefundSettings | null;
}

type KbzEnv = z.output<typeof kbzpaySettingsSchema>;

/** Refunds need these three together (ADR 0060). */
const REFUND_VARIABLES = ['KBZPAY_REFUND_URL', 'KBZPAY_CLIENT_CERT', 'KBZPAY_CLIENT_KEY'] as const;
const REFUND_EXTRAS = ['KBZPAY_CLIENT_KEY_PASSPHRASE', 'KBZPAY_REFUND_CA'] as const;

/**
 * A PEM value: the text itself (a value starting `-----BEGIN`; `\n` written as two characters is
 * read as a line break, as one-line environment files hold it) or the path of a file holding it.
 * Problems name the variable, never the value.
 */
function pemOf(name: string, value: string, problems: string[]): string | null {
  const text = value.trimStart().startsWith('-----BEGIN')
    ? value.includes('\n')
      ? value
      : value.replace(/\\n/g, '\n')
    : readPemFile(value);
  if (text === null) {
    problems.push(`${name}: unreadable (neither PEM text nor a readable PEM file)`);
    return null;
  }
  return text;
}

function readPemFile(path: string): string | null {
  try {
    const text = fs.readFileSync(path, 'utf8');
    return text.includes('-----BEGIN') ? text : null;
  } catch {
    return null;
  }
}

function certificateOf(name: string, pem: string, problems: string[]): X509Certificate | null {
  try {
    const cert = new X509Certificate(pem);
    if (new Date(cert.validTo).getTime() < Date.now())
      problems.push(`${name}: expired on ${new Date(cert.validTo).toISOString().slice(0, 10)}`);
    return cert;
  } catch {
    problems.push(`${name}: malformed (not a PEM certificate)`);
    return null;
  }
}

function privateKeyOf(
  pem: string,
  passphrase: string | null,
  problems: string[],
): KeyObject | null {
  try {
    return createPrivateKey({ key: pem, format: 'pem', ...(passphrase ? { passphrase } : {}) });
  } catch {
    problems.push(
      'KBZPAY_CLIENT_KEY: malformed, or encrypted and KBZPAY_CLIENT_KEY_PASSPHRASE is missing or wrong',
    );
    return null;
  }
}

/**
 * The refund settings, none, or what is wrong with them: all three variables or none, the
 * certificate and key readable, the key the certificate's own, the certificate not expired.
 */
function kbzRefundSettings(
  e: KbzEnv,
): { refund: KbzRefundSettings | null } | { problems: string[] } {
  const given = [...REFUND_VARIABLES, ...REFUND_EXTRAS].filter((name) => e[name] !== undefined);
  if (given.length === 0) return { refund: null };
  const missing = REFUND_VARIABLES.filter((name) => e[name] === undefined);
  if (missing.length > 0)
    return {
      problems: missing.map(
        (name) =>
          `${name}: missing (KBZPay refunds need KBZPAY_REFUND_URL, KBZPAY_CLIENT_CERT and KBZPAY_CLIENT_KEY together)`,
      ),
    };
  const problems: string[] = [];
  const certPem = pemOf('KBZPAY_CLIENT_CERT', e.KBZPAY_CLIENT_CERT ?? '', problems);
  const keyPem = pemOf('KBZPAY_CLIENT_KEY', e.KBZPAY_CLIENT_KEY ?? '', problems);
  const caPem = e.KBZPAY_REFUND_CA ? pemOf('KBZPAY_REFUND_CA', e.KBZPAY_REFUND_CA, problems) : null;
  const passphrase = e.KBZPAY_CLIENT_KEY_PASSPHRASE ?? null;
  const cert = certPem ? certificateOf('KBZPAY_CLIENT_CERT', certPem, problems) : null;
  const key = keyPem ? privateKeyOf(keyPem, passphrase, problems) : null;
  if (caPem) certificateOf('KBZPAY_REFUND_CA', caPem, problems);
  if (cert && key && !cert.checkPrivateKey(key))
    problems.push('KBZPAY_CLIENT_KEY: is not the key of KBZPAY_CLIENT_CERT');
  if (problems.length > 0 || !certPem || !keyPem || !e.KBZPAY_REFUND_URL) return { problems };
  return {
    refund: { url: e.KBZPAY_REFUND_URL, cert: certPem, key: keyPem, passphrase, ca: caPem },
  };
}

/** The settings from KBZPAY_* variables, or the list of what is missing or malformed. */
export function kbzpaySettings(
  env: Record<string, string | undefined>,
  publicUrl: string,
): { settings: KbzPaySettings } | { problems: string[] } {
  const found = providerSettings(kbzpaySettingsSchema, env);
  if ('problems' in found) return found;
  const e = found.values;
  const refund = kbzRefundSettings(e);
  if ('problems' in refund) return refund;
  return {
    settings: {
      appId: e.KBZPAY_APP_ID,
      appKey: e.KBZPAY_APP_KEY,
      merchCode: e.KBZPAY_MERCH_CODE,
      baseUrl: e.KBZPAY_BASE_URL.replace(/\/+$/, ''),
      pwaUrl: e.KBZPAY_PWA_URL ?? null,
      notifyUrl: `${publicUrl}/api/v1/payments/webhook/kbzpay`,
      timeoutMs: e.KBZPAY_TIMEOUT_MS ?? 10_000,
      refund: refund.refund,
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

/**
 * A signed `{"Request":{…}}`: the common fields and biz_content's signed as one flat set (sign
 * and sign_type beside them, biz_content nested).
 */
function signedRequest(
  appKey: string,
  method: string,
  version: string,
  biz: Record<string, string>,
  extra: Record<string, string> = {},
): { body: string; nonce: string; timestamp: string } {
  const nonce = randomBytes(16).toString('hex');
  const timestamp = String(Math.floor(Date.now() / 1000));
  const common = { timestamp, method, nonce_str: nonce, version, ...extra };
  const request = {
    ...common,
    sign_type: 'SHA256',
    sign: kbzSign({ ...common, ...biz }, appKey),
    biz_content: biz,
  };
  return { body: JSON.stringify({ Request: request }), nonce, timestamp };
}

/** The most of an answer read (KBZ's are a few hundred bytes). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs JSON over HTTPS through `agent` (it carries the client certificate) within `timeoutMs`;
 * answers the status and the text. Throws when no whole answer came (refused handshake, network,
 * time-out).
 */
function postOverTls(
  url: string,
  body: string,
  agent: https.Agent,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) req.destroy(new Error('answer too large'));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
        res.on('close', () => {
          if (!res.complete) reject(new Error('answer cut off'));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The client for KBZ's refund host: its certificate and key, and the extra CA if one is given. */
function refundAgentOf(refund: KbzRefundSettings): https.Agent {
  return new https.Agent({
    cert: refund.cert,
    key: refund.key,
    ...(refund.passphrase ? { passphrase: refund.passphrase } : {}),
    ...(refund.ca ? { ca: [...tls.rootCertificates, refund.ca] } : {}),
    keepAlive: false,
  });
}

/** KBZ's refund_status, as the shop reads it (REFUND_SUCCESS is documented; the others VERIFY). */
const REFUND_STATUS: Record<string, 'refunded' | 'pending' | 'refused'> = {
  REFUND_SUCCESS: 'refunded',
  REFUNDING: 'pending',
  REFUND_FAILED: 'refused',
};

/** A short one-line text of KBZ's for a reason support reads. */
const said = (value: unknown) => (scalar(value) ?? '').replace(/\s+/g, ' ').slice(0, 200);

/**
 * What a refund answer says (ADR 0060). A server error or an answer out of shape throws (asked
 * again with the same refund_request_no); a FAIL is a refusal with KBZ's code and message; a
 * SUCCESS must be signed by KBZ and name this order and amount, else nothing is proved.
 */
export function kbzRefundResult(
  answer: { status: number; text: string },
  request: RefundRequest,
  appKey: string,
): RefundResult {
  if (answer.status >= 500)
    throw new AcquirerError('KBZPay refund failed on its side', { httpStatus: answer.status });
  const body = jsonOrUndefined(answer.text) ?? null;
  const response = isRecord(body) && isRecord(body.Response) ? body.Response : null;
  if (!response)
    throw new AcquirerError('KBZPay refund answered out of its shape', {
      httpStatus: answer.status,
    });
  if (response.result !== 'SUCCESS' || scalar(response.code) !== '0')
    return {
      status: 'refused',
      reason: `KBZPay refused the refund (code ${said(response.code) || '?'}): ${said(response.msg) || 'no message'}`,
    };
  // Signed as the other answers; KBZ's demo leaves refund_info (a list) out of the set.
  if (!kbzVerify(response, appKey, ['refund_info']))
    return { status: 'unknown', reason: 'KBZPay’s refund answer has a wrong signature' };
  if (scalar(response.merch_order_id) !== request.reference)
    return { status: 'unknown', reason: 'KBZPay’s refund answer names another order' };
  const refundStatus = scalar(response.refund_status) ?? '';
  const outcome = REFUND_STATUS[refundStatus];
  const providerRef = scalar(response.refund_order_id) || null;
  if (outcome === 'refused')
    return {
      status: 'refused',
      reason: `KBZPay refund_status ${refundStatus}: ${said(response.msg) || 'no message'}`,
    };
  if (outcome === 'pending') return { status: 'pending', providerRef };
  if (outcome !== 'refunded')
    return { status: 'unknown', reason: `KBZPay answered refund_status "${said(refundStatus)}"` };
  const amount = kyatOf(response.refund_amount);
  if (amount !== null && amount !== request.amountMmk)
    return {
      status: 'unknown',
      reason: `KBZPay reports ${String(amount)} MMK refunded, not ${String(request.amountMmk)}`,
    };
  return { status: 'refunded', providerRef };
}

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
    const request = signedRequest(settings.appKey, method, version, biz, extra);
    const { nonce, timestamp } = request;
    let status: number;
    let body: unknown;
    try {
      const res = await fetch(`${settings.baseUrl}/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: request.body,
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

  /**
   * `kbz.payment.refund` 1.0 at the refund address over mutual TLS (ADR 0060): the refund's own
   * id is KBZ's refund_request_no, so a retry of a refund whose answer was lost sends the same.
   */
  function refunderOf(refund: KbzRefundSettings) {
    const agent = refundAgentOf(refund);
    return async (request: RefundRequest): Promise<RefundResult> => {
      const { body } = signedRequest(settings.appKey, 'kbz.payment.refund', '1.0', {
        ...bizOf(request.reference),
        refund_request_no: request.refundId,
        refund_amount: String(request.amountMmk),
        refund_reason: request.reason,
      });
      let answer: { status: number; text: string };
      try {
        answer = await postOverTls(refund.url, body, agent, settings.timeoutMs);
      } catch (err) {
        throw new AcquirerError('KBZPay refund did not answer', {
          cause: err instanceof Error ? ((err as { code?: string }).code ?? err.name) : 'unknown',
        });
      }
      return kbzRefundResult(answer, request, settings.appKey);
    };
  }

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
      const body = jsonOrUndefined(input.rawBody);
      if (body === undefined) return { verified: false, reason: 'malformed' };
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

    ...(settings.refund ? { refund: refunderOf(settings.refund) } : {}),
  };
}
