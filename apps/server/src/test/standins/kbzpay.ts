import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for KBZPay's payment gateway on 127.0.0.1 (ADR 0058), written from the documented
 * shapes (../shared/research/going-live.md §3, §6.6), not from the shop's adapter: it signs and
 * checks signatures with its own code, so a signer bug in the shop fails the tests. It keeps its
 * orders in memory, answers /precreate, /queryorder and /closeorder, sends signed callbacks (and
 * sends them again until the answer is exactly `success`), and injects KBZ's faults.
 */

type Fields = Record<string, unknown>;

/** A field as text ('' when absent or not a scalar). */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** KBZPay's formula, written here on its own: sorted non-empty scalars, "&key=", SHA-256, upper. */
function standinSign(fields: Fields, appKey: string, leaveOut: string[] = []): string {
  const pairs: string[] = [];
  for (const name of Object.keys(fields).sort()) {
    if (name === 'sign' || name === 'sign_type' || leaveOut.includes(name)) continue;
    const value = fields[name];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    if (String(value) === '') continue;
    pairs.push(`${name}=${String(value)}`);
  }
  return createHash('sha256')
    .update(`${pairs.join('&')}&key=${appKey}`, 'utf8')
    .digest('hex')
    .toUpperCase();
}

export interface KbzOrder {
  merchOrderId: string;
  mmOrderId: string;
  prepayId: string;
  tradeType: string;
  totalAmount: string;
  currency: string;
  notifyUrl: string;
  timeoutExpress: string;
  title: string;
  status: 'WAIT_PAY' | 'PAY_SUCCESS' | 'PAY_FAILED' | 'ORDER_CLOSED' | 'ORDER_EXPIRED';
}

/** One request the stand-in received, with whether our signature on it was right. */
export interface KbzRequestSeen {
  endpoint: string;
  request: Fields;
  biz: Fields;
  signatureOk: boolean;
}

/** How a callback reaches the shop: tests without a listening shop pass app.inject here. */
export type KbzCallbackSender = (
  url: string,
  body: string,
) => Promise<{ status: number; contentType: string; body: string }>;

const httpSender: KbzCallbackSender = async (url, body) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body: await res.text(),
  };
};

export interface KbzStandin {
  url: string;
  appId: string;
  appKey: string;
  merchCode: string;
  /** KBZPAY_* for the shop's configuration. */
  env: Record<string, string>;
  orders: Map<string, KbzOrder>;
  seen: KbzRequestSeen[];
  faults: {
    /** /precreate waits this long before answering (a timeout on create). */
    createDelayMs: number;
    /** /precreate answers a refusal. */
    createRefused: boolean;
    /** Answers are signed with a wrong key. */
    badAnswerSignature: boolean;
  };
  /**
   * The customer pays (or KBZ refuses): the order's status changes and, unless `lost`, a signed
   * callback goes to its notify_url, again until the answer is exactly `success` (at most
   * `attempts`). `tamper` changes total_amount after signing; `amount` reports another amount
   * (signed). Answers what the shop replied to each try.
   */
  pay(
    merchOrderId: string,
    options?: {
      status?: 'PAY_SUCCESS' | 'PAY_FAILED';
      lost?: boolean;
      tamper?: boolean;
      unsigned?: boolean;
      amount?: string;
      attempts?: number;
    },
  ): Promise<{ status: number; contentType: string; body: string }[]>;
  /**
   * A signed PAY_SUCCESS callback body for a payment the stand-in did not create (tests that
   * write many payments straight into the database and race their callbacks).
   */
  successCallback(merchOrderId: string, amount: number): string;
  /** Whether `fields.sign` is right for the other fields (the PWA page checks its query so). */
  signedByShop(fields: Fields): boolean;
  /** The order with this merch_order_id (throws if there is none). */
  order(merchOrderId: string): KbzOrder;
  close(): Promise<void>;
}

export async function startKbzStandin(
  options: { sendCallback?: KbzCallbackSender; pwaUrl?: string } = {},
): Promise<KbzStandin> {
  const appId = 'kp1234567890abcdef';
  const appKey = randomBytes(16).toString('hex');
  const merchCode = '200123';
  const orders = new Map<string, KbzOrder>();
  const seen: KbzRequestSeen[] = [];
  const faults = { createDelayMs: 0, createRefused: false, badAnswerSignature: false };
  let mmOrderCounter = 1_000_000;

  const answer = (fields: Fields, leaveOut: string[] = []): string => {
    const body: Fields = {
      result: 'SUCCESS',
      code: '0',
      msg: 'success',
      nonce_str: randomBytes(8).toString('hex'),
      sign_type: 'SHA256',
      ...fields,
    };
    body.sign = standinSign(body, faults.badAnswerSignature ? 'not-the-key' : appKey, leaveOut);
    return JSON.stringify({ Response: body });
  };
  const refusal = (code: string, msg: string) =>
    JSON.stringify({ Response: { result: 'FAIL', code, msg } });

  function handle(endpoint: string, payload: unknown): { status: number; body: string } {
    const request =
      typeof payload === 'object' && payload !== null && 'Request' in payload
        ? (payload.Request as Fields)
        : null;
    if (!request || typeof request.biz_content !== 'object' || request.biz_content === null)
      return { status: 400, body: refusal('AUTH000', 'Request is malformed') };
    const biz = request.biz_content as Fields;
    // Request fields and biz_content's are signed as one flat set.
    const flat: Fields = { ...request, ...biz };
    delete flat.biz_content;
    const signatureOk =
      request.sign_type === 'SHA256' && request.sign === standinSign(flat, appKey);
    seen.push({ endpoint, request, biz, signatureOk });
    if (!signatureOk) return { status: 200, body: refusal('AUTH002', 'Invalid signature') };
    if (biz.appid !== appId || biz.merch_code !== merchCode)
      return { status: 200, body: refusal('AUTH003', 'Invalid appid or merch_code') };
    const merchOrderId = text(biz.merch_order_id);

    if (endpoint === 'precreate') {
      if (faults.createRefused)
        return { status: 200, body: refusal('PAY003', 'Service temporarily unavailable') };
      if (!/^[A-Za-z0-9_]{1,40}$/.test(merchOrderId))
        return { status: 200, body: refusal('PAY001', 'Invalid merch_order_id') };
      const order: KbzOrder = {
        merchOrderId,
        mmOrderId: String((mmOrderCounter += 1)),
        prepayId: `prepay${randomBytes(10).toString('hex')}`,
        tradeType: text(biz.trade_type),
        totalAmount: text(biz.total_amount),
        currency: text(biz.trans_currency),
        notifyUrl: text(request.notify_url),
        timeoutExpress: text(biz.timeout_express),
        title: text(biz.title),
        status: 'WAIT_PAY',
      };
      orders.set(merchOrderId, order);
      const fields: Fields = { merch_order_id: merchOrderId, prepay_id: order.prepayId };
      // The QR is left out of the signed set, as KBZ's own demo verifies it.
      if (order.tradeType === 'PAY_BY_QRCODE')
        fields.qrCode = `00020101021226KBZPAY${order.prepayId}5303104540${order.totalAmount}6304ABCD`;
      return { status: 200, body: answer(fields, ['qrCode']) };
    }
    const order = orders.get(merchOrderId);
    if (!order) return { status: 200, body: refusal('PAY004', 'Order does not exist') };
    if (endpoint === 'queryorder')
      return {
        status: 200,
        body: answer({
          merch_order_id: order.merchOrderId,
          mm_order_id: order.mmOrderId,
          trade_status: order.status,
          total_amount: order.totalAmount,
          trans_currency: order.currency,
        }),
      };
    if (endpoint === 'closeorder') {
      if (order.status === 'PAY_SUCCESS')
        return { status: 200, body: refusal('PAY005', 'Order already paid') };
      order.status = 'ORDER_CLOSED';
      return { status: 200, body: answer({ merch_order_id: order.merchOrderId }) };
    }
    return { status: 404, body: refusal('AUTH404', 'No such method') };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const endpoint = (req.url ?? '').replace(/^\/+/, '').split('?')[0] ?? '';
      let payload: unknown = null;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        payload = null;
      }
      const reply = () => {
        const { status, body } = handle(endpoint, payload);
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      };
      if (endpoint === 'precreate' && faults.createDelayMs > 0)
        setTimeout(reply, faults.createDelayMs).unref();
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const send = options.sendCallback ?? httpSender;

  const findOrder = (merchOrderId: string) => {
    const order = orders.get(merchOrderId);
    if (!order) throw new Error(`the stand-in has no order ${merchOrderId}`);
    return order;
  };

  return {
    url,
    appId,
    appKey,
    merchCode,
    env: {
      KBZPAY_APP_ID: appId,
      KBZPAY_APP_KEY: appKey,
      KBZPAY_MERCH_CODE: merchCode,
      KBZPAY_BASE_URL: url,
      ...(options.pwaUrl ? { KBZPAY_PWA_URL: options.pwaUrl } : {}),
    },
    orders,
    seen,
    faults,
    order: findOrder,
    signedByShop: (fields) => fields.sign === standinSign(fields, appKey),
    successCallback(merchOrderId, amount) {
      const fields: Fields = {
        appid: appId,
        notify_time: String(Math.floor(Date.now() / 1000)),
        merch_code: merchCode,
        merch_order_id: merchOrderId,
        mm_order_id: `MM${merchOrderId}`,
        total_amount: String(amount),
        trans_currency: 'MMK',
        trade_status: 'PAY_SUCCESS',
        callback_info: '',
        nonce_str: randomBytes(8).toString('hex'),
        sign_type: 'SHA256',
      };
      fields.sign = standinSign(fields, appKey);
      return JSON.stringify({ Request: fields });
    },
    async pay(merchOrderId, opts = {}) {
      const order = findOrder(merchOrderId);
      order.status = opts.status ?? 'PAY_SUCCESS';
      if (opts.lost) return [];
      const fields: Fields = {
        appid: appId,
        notify_time: String(Math.floor(Date.now() / 1000)),
        merch_code: merchCode,
        merch_order_id: order.merchOrderId,
        mm_order_id: order.mmOrderId,
        total_amount: opts.amount ?? order.totalAmount,
        trans_currency: order.currency,
        trade_status: order.status,
        trans_end_time: String(Math.floor(Date.now() / 1000)),
        callback_info: '',
        nonce_str: randomBytes(8).toString('hex'),
        sign_type: 'SHA256',
      };
      if (!opts.unsigned) fields.sign = standinSign(fields, appKey);
      if (opts.tamper) fields.total_amount = String(Number(order.totalAmount) * 10);
      const body = JSON.stringify({ Request: fields });
      const replies: { status: number; contentType: string; body: string }[] = [];
      // KBZ sends the callback again until the answer is exactly `success`.
      for (let attempt = 0; attempt < (opts.attempts ?? 3); attempt += 1) {
        const reply = await send(order.notifyUrl, body);
        replies.push(reply);
        if (reply.status === 200 && reply.body === 'success') break;
      }
      return replies;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
