import type { ErrorBody } from '@shop/contracts/errors';
import type {
  Order,
  OrderFeedbackResponse,
  OrderListResponse,
  OrderResponse,
  ScratchCardResponse,
} from '@shop/contracts/orders';
import { orderListResponseSchema, orderResponseSchema } from '@shop/contracts/orders';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, openShopTest, signedIn } from '../../test/checkout-kit.ts';
import { products } from '../catalogue/catalogue.tables.ts';
import { orderCards } from '../fulfilment/fulfilment.tables.ts';
import { emptyStock, ordersInEveryState, stockCards } from '../../test/fulfilment-kit.ts';
import { orderFeedback } from '../orders/orders.tables.ts';

describe('orders API (shopping spec §7 Orders)', () => {
  let buyer: Awaited<ReturnType<typeof signedIn>>;
  let stranger: Awaited<ReturnType<typeof signedIn>>;
  let stock: Awaited<ReturnType<typeof stockCards>>;
  let completed: string;
  let failed: string;
  let pending: string;

  const s = openShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0' });
  beforeAll(async () => {
    await emptyStock(s, 'G-STEAM-10');
    await s.t.database.db
      .update(products)
      .set({ instructions: { en: 'Redeem in Steam', my: 'Steam တွင် သုံးပါ' } })
      .where(eq(products.sku, 'G-STEAM-10'));
    buyer = await signedIn(s);
    stranger = await signedIn(s);
    stock = await stockCards(s, 'G-STEAM-10', 2);
    // Orders take their time from the test clock: apart, so newest-first is well defined.
    ({ completed, failed, pending } = await ordersInEveryState(s, buyer, () => {
      s.clock.advance(1000);
    }));
  });

  const get = (url: string, headers = buyer.headers) => call(s, 'GET', url, headers);
  const detail = async (orderId: string) => {
    const res = await get(`/api/v1/orders/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return orderResponseSchema.parse(res.json()).data;
  };
  const cardsOf = (order: Order) => order.items.flatMap((i) => i.cards);

  it('lists only the caller’s orders, newest first, with page, limit and status', async () => {
    const res = await get('/api/v1/orders');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = orderListResponseSchema.parse(res.json());
    expect(body.data.map((o) => o.orderId)).toEqual([pending, failed, completed]);
    expect(body.meta).toEqual({ page: 1, totalPages: 1, total: 3, limit: 10 });

    const page2 = (await get('/api/v1/orders?page=2&limit=2')).json<OrderListResponse>();
    expect(page2.data.map((o) => o.orderId)).toEqual([completed]);
    expect(page2.meta).toEqual({ page: 2, totalPages: 2, total: 3, limit: 2 });

    const done = (await get('/api/v1/orders?status=completed')).json<OrderListResponse>();
    expect(done.data.map((o) => o.orderId)).toEqual([completed]);
    expect(done.meta.total).toBe(1);

    const theirs = (await get('/api/v1/orders', stranger.headers)).json<OrderListResponse>();
    expect(theirs.data).toEqual([]);
    expect(theirs.meta).toEqual({ page: 1, totalPages: 1, total: 0, limit: 10 });

    for (const [query, message] of [
      ['page=0', 'page must be a whole number from 1'],
      ['limit=51', 'limit must be a whole number from 1 to 50'],
      [
        'status=paid',
        'status must be one of pending, processing, completed, failed, cancelled, partly_delivered, checking',
      ],
    ]) {
      const bad = await get(`/api/v1/orders?${query}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorBody>().message).toBe(message);
    }
    expect((await call(s, 'GET', '/api/v1/orders', { 'accept-language': 'en' })).statusCode).toBe(
      401,
    );
  });

  it('answers an order with its lines, E-load result and cards whose PINs stay masked', async () => {
    const order = await detail(completed);
    expect(order).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      paymentMethod: 'mmqr',
      invoiceNumber: null,
      email: buyer.person.email,
      sharingDisabled: false,
      feedback: null,
      refundPending: false,
      total: 91000,
      totalItems: 3,
    });
    const [card, topup] = order.items;
    expect(card).toMatchObject({
      code: 'G-STEAM-10',
      type: 'giftcard',
      status: 'delivered',
      quantity: 2,
      unitPrice: 45000,
      eload: null,
      failureReason: null,
      instructions: 'Redeem in Steam',
    });
    expect(topup?.instructions).toBeNull();
    expect(card?.cards).toHaveLength(2);
    for (const c of card?.cards ?? []) {
      expect(c).toMatchObject({
        pin: null,
        scratched: false,
        cardPrice: 45000,
        sellingPrice: 45000,
        faceValue: { amount: 1000, currency: 'USD' },
      });
      expect(stock.map((m) => m.serial)).toContain(c.serialNumber);
    }
    expect(topup).toMatchObject({
      code: 'T-MPT-1000',
      status: 'delivered',
      phoneNumber: '959250000001',
      cards: [],
      eload: { status: 'success', message: 'Top-up delivered' },
    });
    expect(topup?.eload?.reference).toMatch(/^SIM/);
    // No PIN anywhere in the answer.
    const raw = (await get(`/api/v1/orders/${completed}`)).body;
    for (const m of stock) expect(raw).not.toContain(m.pin);
  });

  it('a failed order says which line failed and why; the refund is pending', async () => {
    const order = await detail(failed);
    expect(order).toMatchObject({ status: 'failed', refundPending: true });
    expect(order.items[0]).toMatchObject({
      status: 'failed',
      failureReason: 'The operator could not top up this number; this item will be refunded',
      eload: { status: 'failed' },
    });
  });

  it('another user’s order, card or download is not found (404), and nothing changes', async () => {
    const card = cardsOf(await detail(completed))[0];
    for (const url of [
      `/api/v1/orders/${completed}`,
      `/api/v1/orders/${completed}/invoice`,
      `/api/v1/orders/${completed}/cards?format=csv`,
    ]) {
      const res = await get(url, stranger.headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<ErrorBody>().message).toBe('Order not found');
    }
    const scratch = await call(
      s,
      'PUT',
      `/api/v1/cards/${card?.cardId}/scratch`,
      stranger.headers,
      { scratch: true },
    );
    expect(scratch.statusCode).toBe(404);
    expect(scratch.json<ErrorBody>().message).toBe('Card not found');
    const feedback = await call(
      s,
      'POST',
      `/api/v1/orders/${completed}/feedback`,
      stranger.headers,
      { rating: 1 },
    );
    expect(feedback.statusCode).toBe(404);
    expect(await detail(completed)).toMatchObject({
      sharingDisabled: false,
      invoiceNumber: null,
      feedback: null,
    });
    expect((await get('/api/v1/orders/not-a-uuid')).statusCode).toBe(404);
    expect((await get('/api/v1/orders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('scratching reveals the PIN to the buyer, keeps it shown and ends sharing', async () => {
    const bad = await call(s, 'PUT', '/api/v1/cards/whatever/scratch', buyer.headers, {
      scratch: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toBe('scratch must be true');
    const [first, second] = cardsOf(await detail(completed));
    const res = await call(s, 'PUT', `/api/v1/cards/${first?.cardId}/scratch`, buyer.headers, {
      scratch: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<ScratchCardResponse>();
    const expected = stock.find((m) => m.serial === first?.serialNumber);
    expect(body).toEqual({
      success: true,
      message: 'Card scratched successfully',
      data: {
        cardId: first?.cardId,
        pin: expected?.pin,
        serialNumber: first?.serialNumber,
        scratched: true,
      },
    });
    const after = await detail(completed);
    expect(after.sharingDisabled).toBe(true);
    const cards = cardsOf(after);
    expect(cards.find((c) => c.cardId === first?.cardId)).toMatchObject({
      pin: expected?.pin,
      scratched: true,
    });
    expect(cards.find((c) => c.cardId === second?.cardId)).toMatchObject({
      pin: null,
      scratched: false,
    });
    expect(
      (
        await call(
          s,
          'PUT',
          '/api/v1/cards/00000000-0000-4000-8000-000000000000/scratch',
          buyer.headers,
          {
            scratch: true,
          },
        )
      ).statusCode,
    ).toBe(404);
  });

  it('Happiness Meter: once the order ended, rating 1–5; a new answer replaces the old', async () => {
    const early = await call(s, 'POST', `/api/v1/orders/${pending}/feedback`, buyer.headers, {
      rating: 5,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorBody>().message).toBe(
      'Feedback can be given once the order is completed or failed',
    );
    const bad = await call(s, 'POST', `/api/v1/orders/${completed}/feedback`, buyer.headers, {
      rating: 6,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toBe('Please choose a rating from 1 to 5');
    expect(
      await s.t.database.db
        .select()
        .from(orderFeedback)
        .where(eq(orderFeedback.orderId, completed)),
    ).toEqual([]);
    const ok = await call(s, 'POST', `/api/v1/orders/${completed}/feedback`, buyer.headers, {
      rating: 4,
      comment: ' Fast! ',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<OrderFeedbackResponse>().data).toMatchObject({ rating: 4, comment: 'Fast!' });
    await call(s, 'POST', `/api/v1/orders/${completed}/feedback`, buyer.headers, { rating: 5 });
    expect((await detail(completed)).feedback).toMatchObject({ rating: 5, comment: null });
    const my = await call(
      s,
      'POST',
      `/api/v1/orders/${failed}/feedback`,
      { ...buyer.headers, 'accept-language': 'my' },
      { rating: 2 },
    );
    expect(my.json<OrderFeedbackResponse>().message).toBe('သင့်အကြံပြုချက်အတွက် ကျေးဇူးတင်ပါသည်။');
  });

  it('the invoice is a PDF with the Burmese font; the first one numbers it and ends sharing', async () => {
    const early = await get(`/api/v1/orders/${failed}/invoice`);
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorBody>().message).toBe(
      'An invoice is available once the order is completed',
    );
    const res = await get(`/api/v1/orders/${completed}/invoice`, {
      ...buyer.headers,
      'accept-language': 'my',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const number = String(res.headers['x-invoice-number']);
    expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${number}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/FontName \/[A-Z]{6}\+NotoSansMyanmar/);
    expect((await detail(completed)).invoiceNumber).toBe(number);
    const again = await get(`/api/v1/orders/${completed}/invoice`);
    expect(again.headers['x-invoice-number']).toBe(number);
  });

  it('the card list downloads as CSV or PDF with every PIN; the cards count as scratched', async () => {
    const bad = await get(`/api/v1/orders/${completed}/cards?format=xlsx`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().message).toBe('format must be csv or pdf');
    const none = await get(`/api/v1/orders/${failed}/cards`);
    expect(none.statusCode).toBe(404);
    expect(none.json<ErrorBody>().message).toBe('This order has no cards');

    const csv = await get(`/api/v1/orders/${completed}/cards?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('code,name,serial,pin,expiry,card_price_mmk,selling_price_mmk');
    expect(lines).toHaveLength(3);
    for (const m of stock)
      expect(csv.body).toContain(`,"=""${m.serial}""","=""${m.pin}""",2031-06-30,45000,45000`);
    const rows = await s.t.database.db
      .select()
      .from(orderCards)
      .where(eq(orderCards.orderId, completed));
    expect(rows.every((r) => r.scratchedAt !== null)).toBe(true);
    expect(cardsOf(await detail(completed)).every((c) => c.pin !== null && c.scratched)).toBe(true);

    const pdf = await get(`/api/v1/orders/${completed}/cards?format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the list entries have the same shape as the detail', async () => {
    const list = (await get('/api/v1/orders?status=completed')).json<OrderListResponse>();
    const one = (await get(`/api/v1/orders/${completed}`)).json<OrderResponse>();
    expect(list.data[0]).toEqual(one.data);
  });
});
