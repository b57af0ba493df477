import { setTimeout as sleep } from 'node:timers/promises';
import type { Order, OrderResponse } from '@shop/contracts/orders';
import { call } from '../../bench/server-process.mjs';

/**
 * The purchase path of a customer through the HTTP API of real server processes (the scale-out and
 * PgBouncer tests): find a product, pay a cart of it with the sandbox bank, wait for fulfilment.
 * `base` is the address called: one server, or a load balancer in front of several.
 */

type Headers = Record<string, string>;

const json = async <T>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Headers = {},
): Promise<T> => (await call(base, method, url, { body, headers, timeoutMs: 20_000 })).json as T;

/** The id of the product `sku` of a category (`local-epins`) and operator (`ATOM`). */
export async function productId(
  base: string,
  category: string,
  operator: string,
  sku: string,
): Promise<string> {
  const list = await json<{ data: { id: string; sku: string }[] }>(
    base,
    'GET',
    `/api/v1/products/category/${category}?limit=50&operator=${operator}`,
  );
  const product = list.data.find((p) => p.sku === sku);
  if (!product) throw new Error(`no product ${sku} in ${category}/${operator}`);
  return product.id;
}

/** The steps of one purchase, each its own call; answers the paid order's id and number. */
export async function buyWithSandboxBank(
  base: string,
  auth: Headers,
  product: string,
): Promise<{ orderId: string; orderNumber: string }> {
  await json(base, 'POST', '/api/v1/cart/add', { productId: product, quantity: 1 }, auth);
  const order = await json<{ data: { orderId: string; orderNumber: string } }>(
    base,
    'POST',
    '/api/v1/checkout/initialize',
    {},
    auth,
  );
  const payment = await json<{ data: { paymentQrCode: string } }>(
    base,
    'POST',
    '/api/v1/checkout/complete',
    { sessionId: order.data.orderId, paymentMethod: 'mmqr' },
    auth,
  );
  const paid = await json<{ data: { webhookStatus: number } }>(
    base,
    'POST',
    '/api/v1/sandbox/bank/pay',
    { qrPayload: payment.data.paymentQrCode },
  );
  if (paid.data.webhookStatus !== 200)
    throw new Error(`the bank's webhook answered ${paid.data.webhookStatus}`);
  return order.data;
}

/** Reads the order until fulfilment has ended (completed or failed), at most `timeoutMs`. */
export async function fulfilledOrder(
  base: string,
  auth: Headers,
  orderId: string,
  timeoutMs = 20_000,
): Promise<Order> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data } = await json<OrderResponse>(
      base,
      'GET',
      `/api/v1/orders/${orderId}`,
      undefined,
      auth,
    );
    if (data.status !== 'pending' && data.status !== 'processing') return data;
    if (Date.now() > deadline) throw new Error(`order ${orderId} still ${data.status}`);
    await sleep(200);
  }
}

/** Scratches a delivered card: answers its PIN, decrypted by the server that answers. */
export async function scratch(base: string, auth: Headers, cardId: string): Promise<string> {
  const res = await json<{ data: { pin: string } }>(
    base,
    'PUT',
    `/api/v1/cards/${cardId}/scratch`,
    { scratch: true },
    auth,
  );
  return res.data.pin;
}
