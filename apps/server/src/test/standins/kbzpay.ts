import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { postOverHttp } from './http-standin.ts';

/*
 * A stand-in for KBZPay's payment gateway on 127.0.0.1 (ADR 0058), written from the documented
 * shapes (../shared/research/going-live.md §3, §6.6), not from the shop's adapter: it signs and
 * checks signatures with its own code, so a signer bug in the shop fails the tests. It keeps its
 * orders in memory, answers /precreate, /queryorder and /closeorder, sends signed callbacks (and
 * sends them again until the answer is exactly `success`), and injects KBZ's faults. With
 * `refunds: true` it also takes `kbz.payment.refund` on an HTTPS port of its own that accepts only
 * a client certificate signed by its test CA (certs/, ADR 0060), once per refund_request_no.
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
  /** Kyat given back so far. */
  refunded: number;
}

/** What one refund_request_no got: a refund made once, or a refusal; repeats answer the same. */
export type KbzRefund =
  | {
      outcome: 'made';
      merchOrderId: string;
      amount: number;
      refundOrderId: string;
      refundTime: string;
      reason: string;
      status: 'REFUND_SUCCESS' | 'REFUNDING';
    }
  | { outcome: 'refused'; merchOrderId: string; code: string; msg: string };

/** One request the stand-in received, with whether our signature on it was right. */
export interface KbzRequestSeen {
  endpoint: string;
  request: Fields;
  biz: Fields;
  signatureOk: boolean;
  /** The refund endpoint: the CN of the client certificate the request came with. */
  clientCert?: string;
}

/** The test certificates (certs/README.md): tests only. */
export const standinCertPath = (name: string) =>
  fileURLToPath(new URL(`./certs/${name}`, import.meta.url));
export const STANDIN_CLIENT_KEY_PASSPHRASE = 'test-only-passphrase';

/** How a callback reaches the shop: tests without a listening shop pass app.inject here. */
export type KbzCallbackSender = (
  url: string,
  body: string,
) => Promise<{ status: number; contentType: string; body: string }>;

const httpSender: KbzCallbackSender = (url, body) =>
  postOverHttp(url, { 'content-type': 'application/json' }, body);

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
    /** A new refund is refused (KBZ's FAIL with a code and message). */
    refundRefused: boolean;
    /** A new refund is made, and its answer sent this late (the shop's call times out). */
    refundAnswerDelayMs: number;
    /** The next refund requests answered 503 before anything is done. */
    refundServerErrors: number;
    /** The refund_status a new refund is answered with. */
    refundStatus: 'REFUND_SUCCESS' | 'REFUNDING';
  };
  /** The refund endpoint (https://127.0.0.1:port/refund) when started with `refunds: true`. */
  refundUrl: string | null;
  /** Refunds by refund_request_no: each made (or refused) once. */
  refunds: Map<string, KbzRefund>;
  /** TLS handshakes the refund endpoint refused (no client certificate, or not one of its CA's). */
  tlsRefusals: string[];
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
  options: { sendCallback?: KbzCallbackSender; pwaUrl?: string; refunds?: boolean } = {},
): Promise<KbzStandin> {
  const appId = 'kp1234567890abcdef';
  const appKey = randomBytes(16).toString('hex');
  const merchCode = '200123';
  const orders = new Map<string, KbzOrder>();
  const seen: KbzRequestSeen[] = [];
  const refunds = new Map<string, KbzRefund>();
  const tlsRefusals: string[] = [];
  const faults: KbzStandin['faults'] = {
    createDelayMs: 0,
    createRefused: false,
    badAnswerSignature: false,
    refundRefused: false,
    refundAnswerDelayMs: 0,
    refundServerErrors: 0,
    refundStatus: 'REFUND_SUCCESS',
  };
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

  /** The request's fields if it is KBZ-shaped, signed right and for this merchant; else the refusal. */
  function checked(
    endpoint: string,
    payload: unknown,
    clientCert?: string,
  ): { request: Fields; biz: Fields } | { status: number; body: string } {
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
    seen.push({ endpoint, request, biz, signatureOk, ...(clientCert ? { clientCert } : {}) });
    if (!signatureOk) return { status: 200, body: refusal('AUTH002', 'Invalid signature') };
    if (biz.appid !== appId || biz.merch_code !== merchCode)
      return { status: 200, body: refusal('AUTH003', 'Invalid appid or merch_code') };
    return { request, biz };
  }

  /** The answer a refund_request_no got, the same each time it is asked (signed afresh). */
  function refundAnswer(refund: KbzRefund): string {
    if (refund.outcome === 'refused') return refusal(refund.code, refund.msg);
    const order = orders.get(refund.merchOrderId);
    return answer({
      merch_order_id: refund.merchOrderId,
      merch_code: merchCode,
      trans_order_id: order?.mmOrderId ?? '',
      refund_status: refund.status,
      refund_order_id: refund.refundOrderId,
      refund_amount: String(refund.amount),
      refund_currency: 'MMK',
      refund_time: refund.refundTime,
    });
  }

  /**
   * `kbz.payment.refund`: a refund_request_no seen before answers what it got then and moves no
   * money; a new one is refunded from a paid order, at most what is left of it.
   */
  function handleRefund(payload: unknown, clientCert: string): { status: number; body: string } {
    const found = checked('refund', payload, clientCert);
    if (!('request' in found)) return found;
    const { request, biz } = found;
    if (request.method !== 'kbz.payment.refund' || request.version !== '1.0')
      return { status: 200, body: refusal('AUTH404', 'No such method') };
    const merchOrderId = text(biz.merch_order_id);
    const requestNo = text(biz.refund_request_no);
    if (!requestNo)
      return { status: 200, body: refusal('PAY010', 'refund_request_no is required') };
    const earlier = refunds.get(requestNo);
    if (earlier)
      return earlier.merchOrderId === merchOrderId
        ? { status: 200, body: refundAnswer(earlier) }
        : { status: 200, body: refusal('PAY012', 'refund_request_no was used for another order') };
    const order = orders.get(merchOrderId);
    if (!order) return { status: 200, body: refusal('PAY004', 'Order does not exist') };
    if (order.status !== 'PAY_SUCCESS')
      return { status: 200, body: refusal('PAY013', 'Order is not paid') };
    const left = Number(order.totalAmount) - order.refunded;
    const amount = text(biz.refund_amount) === '' ? left : Number(text(biz.refund_amount));
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      return { status: 200, body: refusal('PAY014', 'Refund amount is more than what is left') };
    const refund: KbzRefund = faults.refundRefused
      ? { outcome: 'refused', merchOrderId, code: 'PAY015', msg: 'Merchant balance is not enough' }
      : {
          outcome: 'made',
          merchOrderId,
          amount,
          refundOrderId: `RF${String((mmOrderCounter += 1))}`,
          refundTime: String(Math.floor(Date.now() / 1000)),
          reason: text(biz.refund_reason),
          status: faults.refundStatus,
        };
    if (refund.outcome === 'made') order.refunded += amount;
    refunds.set(requestNo, refund);
    return { status: 200, body: refundAnswer(refund) };
  }

  function handle(endpoint: string, payload: unknown): { status: number; body: string } {
    const found = checked(endpoint, payload);
    if (!('request' in found)) return found;
    const { request, biz } = found;
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
        refunded: 0,
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

  // The refund endpoint: TLS that refuses any client without a certificate of the test CA.
  const refundServer = options.refunds
    ? https.createServer(
        {
          cert: fs.readFileSync(standinCertPath('server.crt')),
          key: fs.readFileSync(standinCertPath('server.key')),
          ca: fs.readFileSync(standinCertPath('ca.crt')),
          requestCert: true,
          rejectUnauthorized: true,
        },
        (req, res) => {
          const chunks: Buffer[] = [];
          req.on('data', (chunk: Buffer) => chunks.push(chunk));
          req.on('end', () => {
            const clientCert =
              req.socket instanceof TLSSocket
                ? String(req.socket.getPeerCertificate().subject.CN)
                : '';
            const endpoint = (req.url ?? '').replace(/^\/+/, '').split('?')[0] ?? '';
            if (endpoint !== 'refund') {
              res.writeHead(404, { 'content-type': 'application/json' });
              res.end(refusal('AUTH404', 'No such method'));
              return;
            }
            if (faults.refundServerErrors > 0) {
              faults.refundServerErrors -= 1;
              res
                .writeHead(503, { 'content-type': 'text/html' })
                .end('<h1>Service Unavailable</h1>');
              return;
            }
            let payload: unknown = null;
            try {
              payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              payload = null;
            }
            // Made now; the answer may be sent late (the refund happened either way).
            const { status, body } = handleRefund(payload, clientCert);
            const reply = () =>
              res.writeHead(status, { 'content-type': 'application/json' }).end(body);
            if (faults.refundAnswerDelayMs > 0)
              setTimeout(reply, faults.refundAnswerDelayMs).unref();
            else reply();
          });
        },
      )
    : null;
  refundServer?.on('tlsClientError', (err: Error & { code?: string }) => {
    tlsRefusals.push(err.code ?? err.message);
  });
  if (refundServer)
    await new Promise<void>((resolve) => refundServer.listen(0, '127.0.0.1', resolve));
  const refundUrl = refundServer
    ? `https://127.0.0.1:${String((refundServer.address() as AddressInfo).port)}/refund`
    : null;
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
      // The certificate as a file path, the key as PEM text: the two forms the shop reads.
      ...(refundUrl
        ? {
            KBZPAY_REFUND_URL: refundUrl,
            KBZPAY_CLIENT_CERT: standinCertPath('client.crt'),
            KBZPAY_CLIENT_KEY: fs.readFileSync(standinCertPath('client.key'), 'utf8'),
            KBZPAY_CLIENT_KEY_PASSPHRASE: STANDIN_CLIENT_KEY_PASSPHRASE,
            KBZPAY_REFUND_CA: standinCertPath('ca.crt'),
          }
        : {}),
    },
    orders,
    seen,
    faults,
    refundUrl,
    refunds,
    tlsRefusals,
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
    close: async () => {
      const closing = [server, ...(refundServer ? [refundServer] : [])].map(
        (s) =>
          new Promise<void>((resolve) => {
            s.closeAllConnections();
            s.close(() => {
              resolve();
            });
          }),
      );
      await Promise.all(closing);
    },
  };
}
