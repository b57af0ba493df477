import { randomBytes, randomInt } from 'node:crypto';
import type http from 'node:http';
import type { Socket } from 'node:net';
import { closeNow, jsonObjectOf, listenLocally, sendJson as json } from './http-standin.ts';
import { reloadlyTokenDesk } from './reloadly-oauth.ts';

/*
 * A stand-in for Reloadly Gift Cards on 127.0.0.1 (issue 28, ADR 0063), from the documented
 * shapes (reloadly-api-documentation openapi/paths/giftcards-*.yaml; going-live.md §2.1), not
 * from anyone's code: POST /oauth/token (client credentials and the gift-cards audience checked),
 * POST /orders, GET /orders/transactions/{id}/cards, GET /reports/transactions?startDate=&endDate=
 * (an array, as in the documented example; no customIdentifier filter). Every gift-cards call
 * needs the giftcards Accept header and a live Bearer token. A customIdentifier is ordered once:
 * a reuse is refused with a 400. Orders live in memory.
 *
 * Fault switches, by the Reloadly product id's last four digits (like the simulator's numbers):
 * …9999 the order is made and the answer to the first POST is lost (socket destroyed);
 * …8888 no POST is ever answered (the socket is held until close) and nothing is ordered;
 * …4000 the order is refused: 400 "Invalid price, please ensure you selected the right price."
 */

export interface GiftCardOrderRecord {
  transactionId: number;
  customIdentifier: string;
  productId: number;
  quantity: number;
  unitPrice: number;
  senderName: string;
  recipientEmail: string | null;
  cards: { cardNumber: string; pinCode: string }[];
  createdAt: Date;
}

export interface ReloadlyGiftCardsStandin {
  url: string;
  env: Record<string, string>;
  /** Orders made, in order. */
  orders: GiftCardOrderRecord[];
  /** How often each path was called (method and path, ids as :x, without the query). */
  calls: Map<string, number>;
  /** Order POSTs refused because the customIdentifier had been used. */
  reusedRefused(): number;
  /**
   * null (default): the report is one array, as documented; a number: pages of that size
   * ({content, totalPages, …}, `page` from 1), as the top-ups report pages.
   */
  reportPageSize: number | null;
  /** The report answers 503 (Reloadly down for a while). */
  reportDown: boolean;
  close(): Promise<void>;
}

const problem = (
  res: http.ServerResponse,
  status: number,
  errorCode: string | null,
  message: string,
  path: string,
) => {
  json(res, status, {
    timeStamp: new Date().toISOString().replace('T', ' ').slice(0, 19),
    message,
    path,
    errorCode,
    infoLink: null,
    details: [],
  });
};

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

export async function startReloadlyGiftCardsStandin(): Promise<ReloadlyGiftCardsStandin> {
  const clientId = `client-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('hex');
  const orders: GiftCardOrderRecord[] = [];
  const held = new Set<Socket>();
  let reused = 0;
  let nextId = 70_000;
  const tokens = reloadlyTokenDesk({
    clientId,
    clientSecret,
    scope: 'developer',
    audience: () => url,
    problem,
    invalidTokenMessage: 'Full authentication is required',
  });

  /** An order as the order answer and the report show it. */
  const record = (order: GiftCardOrderRecord) => ({
    transactionId: order.transactionId,
    amount: order.unitPrice * order.quantity,
    discount: 0,
    currencyCode: 'USD',
    fee: 0.5,
    customIdentifier: order.customIdentifier,
    status: 'SUCCESSFUL',
    product: {
      productId: order.productId,
      productName: `Gift card ${String(order.productId)}`,
      countryCode: 'US',
      quantity: order.quantity,
      unitPrice: order.unitPrice,
      totalPrice: order.unitPrice * order.quantity,
      currencyCode: 'USD',
      brand: { brandId: 1, brandName: 'Gift card' },
    },
    smsFee: 0,
    recipientPhone: null,
    transactionCreatedTime: order.createdAt.toISOString().replace('T', ' ').slice(0, 19),
  });

  /** POST /orders: one order per customIdentifier. */
  function order(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Record<string, unknown>,
  ) {
    const productId = Number(body.productId);
    const quantity = Number(body.quantity);
    const unitPrice = Number(body.unitPrice);
    const customIdentifier = typeof body.customIdentifier === 'string' ? body.customIdentifier : '';
    const fault = String(productId).slice(-4);
    if (fault === '8888') {
      held.add(req.socket);
      return;
    }
    if (
      fault === '4000' ||
      !Number.isInteger(productId) ||
      !(unitPrice > 0) ||
      !Number.isInteger(quantity) ||
      quantity < 1
    ) {
      problem(
        res,
        400,
        null,
        'Invalid price, please ensure you selected the right price.',
        '/orders',
      );
      return;
    }
    if (!customIdentifier || orders.some((o) => o.customIdentifier === customIdentifier)) {
      reused += 1;
      problem(
        res,
        400,
        'DUPLICATED_CUSTOM_IDENTIFIER',
        'The custom identifier was used',
        '/orders',
      );
      return;
    }
    const made: GiftCardOrderRecord = {
      transactionId: (nextId += 1),
      customIdentifier,
      productId,
      quantity,
      unitPrice,
      senderName: typeof body.senderName === 'string' ? body.senderName : '',
      recipientEmail: typeof body.recipientEmail === 'string' ? body.recipientEmail : null,
      cards: Array.from({ length: quantity }, () => ({
        cardNumber: digits(16),
        pinCode: digits(4),
      })),
      createdAt: new Date(),
    };
    orders.push(made);
    const firstLost =
      fault === '9999' && orders.filter((o) => o.productId === productId).length === 1;
    if (firstLost) {
      req.socket.destroy();
      return;
    }
    json(res, 200, record(made));
  }

  function route(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Record<string, unknown>,
  ) {
    const [path = '', query = ''] = (req.url ?? '').split('?');
    if (tokens.admit(req, res, path, body) !== 'admitted') return;
    if (req.headers.accept !== 'application/com.reloadly.giftcards-v1+json') {
      problem(res, 406, 'NOT_ACCEPTABLE', 'Accept header must name the gift-cards API', path);
      return;
    }
    if (req.method === 'POST' && path === '/orders') {
      order(req, res, body);
      return;
    }
    const cards = /^\/orders\/transactions\/(\d+)\/cards$/.exec(path);
    if (req.method === 'GET' && cards) {
      const found = orders.find((o) => String(o.transactionId) === cards[1]);
      if (!found) problem(res, 404, null, 'Invalid transaction id', path);
      else json(res, 200, found.cards);
      return;
    }
    if (req.method === 'GET' && path === '/reports/transactions' && stand.reportDown) {
      problem(res, 503, null, 'Service unavailable', path);
      return;
    }
    if (req.method === 'GET' && path === '/reports/transactions') {
      const params = new URLSearchParams(query);
      const from = new Date(`${params.get('startDate') ?? ''}Z`.replace(' ', 'T'));
      const to = new Date(`${params.get('endDate') ?? ''}Z`.replace(' ', 'T'));
      const inWindow = (o: GiftCardOrderRecord) =>
        (Number.isNaN(from.getTime()) || o.createdAt >= from) &&
        (Number.isNaN(to.getTime()) || o.createdAt <= to);
      const rows = orders.filter(inWindow).map(record);
      const size = stand.reportPageSize;
      if (size === null) {
        json(res, 200, rows);
        return;
      }
      const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
      json(res, 200, {
        content: rows.slice((page - 1) * size, page * size),
        totalElements: rows.length,
        totalPages: Math.ceil(rows.length / size),
        number: page,
      });
      return;
    }
    problem(res, 404, null, 'No message available', path);
  }

  const { server, url } = await listenLocally((req, res, body) => {
    route(req, res, jsonObjectOf(body));
  });

  const stand: ReloadlyGiftCardsStandin = {
    url,
    reportPageSize: null,
    reportDown: false,
    env: {
      RELOADLY_CLIENT_ID: clientId,
      RELOADLY_CLIENT_SECRET: clientSecret,
      RELOADLY_AUTH_URL: `${url}/oauth/token`,
      RELOADLY_GIFTCARDS_URL: url,
      RELOADLY_GIFTCARDS_SENDER: 'Test Shop',
    },
    orders,
    calls: tokens.calls,
    reusedRefused: () => reused,
    close: () => closeNow(server, held),
  };
  return stand;
}
