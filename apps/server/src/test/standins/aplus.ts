import { randomBytes } from 'node:crypto';
import { closeNow, listenLocally, sendJson as json } from './http-standin.ts';

/*
 * A stand-in for ABank's A+ MM QR acquiring service on 127.0.0.1 (ADR 0058), from the documented
 * shapes (../shared/research/going-live.md §3, §6.6): POST /v1/order/create (checks the secretKey
 * and eccode headers), GET /v1/order/posEnquiry/{orderId}, and the unsigned GET callback with
 * forgeable parameters. Orders live in memory; the enquiry's answer is what the test sets.
 */

export interface AplusOrder {
  orderId: string;
  amount: number;
  callbackUrl: string;
  createdDate: string;
  /** paymentTxnStatus: 200 success, 100 pending, 500 fail, 400 refunded. */
  txnStatus: 100 | 200 | 400 | 500;
  /** What the enquiry reports as paid (absent: the answer has no amount). */
  paidAmount: number | null;
  transactionId: string;
}

export type AplusCallbackSender = (url: string) => Promise<{ status: number; body: string }>;

export interface AplusStandin {
  url: string;
  env: Record<string, string>;
  orders: Map<string, AplusOrder>;
  /** Requests whose secretKey and eccode headers were wrong or missing. */
  refusedAuth: number;
  order(orderId: string): AplusOrder;
  /** The enquiry's answer from now on (the customer paid, or the bank refused). */
  settle(orderId: string, txnStatus: AplusOrder['txnStatus'], paidAmount?: number | null): void;
  /** The unsigned GET callback to the order's callbackUrl, with these parameters. */
  callback(
    orderId: string,
    params: Record<string, string>,
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const httpSender: AplusCallbackSender = async (url) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: await res.text() };
};

export async function startAplusStandin(
  options: { sendCallback?: AplusCallbackSender } = {},
): Promise<AplusStandin> {
  const secretKey = randomBytes(16).toString('hex');
  const eccode = 'EC0042';
  const merchantId = 'M000123';
  const orders = new Map<string, AplusOrder>();
  let refusedAuth = 0;
  let transactions = 5000;

  const { server, url } = await listenLocally((req, res, received) => {
    if (req.headers.secretkey !== secretKey || req.headers.eccode !== eccode) {
      refusedAuth += 1;
      json(res, 401, { respondCode: 401, respondMessage: 'Unauthorized', data: null });
      return;
    }
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'POST' && path === '/v1/order/create') {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(received.toString('utf8')) as Record<string, unknown>;
      } catch {
        json(res, 400, { respondCode: 400, respondMessage: 'Bad request', data: null });
        return;
      }
      const orderId = typeof body.orderId === 'string' ? body.orderId : '';
      if (!orderId || orderId.length > 20 || body.merchantId !== merchantId) {
        json(res, 200, { respondCode: 400, respondMessage: 'Invalid order', data: null });
        return;
      }
      orders.set(orderId, {
        orderId,
        amount: Number(body.amount),
        callbackUrl: typeof body.callbackUrl === 'string' ? body.callbackUrl : '',
        createdDate: typeof body.createdDate === 'string' ? body.createdDate : '',
        txnStatus: 100,
        paidAmount: null,
        transactionId: `T${String((transactions += 1))}`,
      });
      json(res, 200, {
        respondCode: 200,
        respondMessage: 'Success',
        data: { qr: `000201010212APLUS${orderId}54${String(body.amount)}6304BEEF` },
      });
      return;
    }
    const enquiry = /^\/v1\/order\/posEnquiry\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && enquiry) {
      const order = orders.get(decodeURIComponent(enquiry[1] ?? ''));
      if (!order) {
        json(res, 200, {
          respondCode: 200,
          respondMessage: 'Not found',
          data: { paymentTxnStatus: 403 },
        });
        return;
      }
      json(res, 200, {
        respondCode: 200,
        respondMessage: 'Success',
        data: {
          paymentTxnStatus: order.txnStatus,
          orderId: order.orderId,
          transactionId: order.transactionId,
          ...(order.paidAmount === null ? {} : { amount: order.paidAmount }),
        },
      });
      return;
    }
    json(res, 404, { respondCode: 404, respondMessage: 'No such path', data: null });
  });
  const send = options.sendCallback ?? httpSender;
  const findOrder = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`the stand-in has no order ${orderId}`);
    return order;
  };

  return {
    url,
    env: {
      APLUS_BASE_URL: url,
      APLUS_SECRET_KEY: secretKey,
      APLUS_ECCODE: eccode,
      APLUS_MERCHANT_ID: merchantId,
    },
    orders,
    get refusedAuth() {
      return refusedAuth;
    },
    order: findOrder,
    settle(orderId, txnStatus, paidAmount) {
      const order = findOrder(orderId);
      order.txnStatus = txnStatus;
      order.paidAmount = paidAmount === undefined ? order.amount : paidAmount;
    },
    callback(orderId, params) {
      const order = findOrder(orderId);
      const query = new URLSearchParams({ orderId, ...params }).toString();
      return send(`${order.callbackUrl}?${query}`);
    },
    close: () => closeNow(server),
  };
}
