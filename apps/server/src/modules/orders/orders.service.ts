import { randomBytes } from 'node:crypto';
import type { OrderItem, OrderSummary, PaymentMethodId } from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import type { OperatorCode } from '@shop/contracts/phone';
import type { Clock } from '../../platform/clock.ts';
import {
  createOrdersRepo,
  type NewOrderItem,
  type OrderWithItems,
  type OrdersRepo,
} from './orders.repo.ts';

/** Crockford base32: no I, L, O, U, so an order number read over the phone is not misheard. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function randomBase32(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += CROCKFORD.charAt(b & 31);
  return out;
}

/**
 * MT-YYMMDD-XXXXXXXX: the Yangon date (what the customer sees on the receipt) and 40 random bits,
 * so numbers are short to read out but cannot be guessed from a neighbour's (DESIGN §4).
 */
export function newOrderNumber(now: Date): string {
  const yangon = new Date(now.getTime() + 6.5 * 60 * 60 * 1000);
  const date = yangon.toISOString().slice(2, 10).replaceAll('-', '');
  return `MT-${date}-${randomBase32(8)}`;
}

export function toOrderSummary({ order, items }: OrderWithItems, lang: Language): OrderSummary {
  const lines: OrderItem[] = items.map((i) => ({
    productId: i.productId,
    name: i.name[lang],
    _nameMultilingual: i.name,
    type: i.kind,
    quantity: i.quantity,
    price: i.listPriceMmk,
    unitPrice: i.unitPriceMmk,
    lineTotal: i.lineTotalMmk,
    phoneNumber: i.phoneNumber,
    operator: (i.operatorCode as OperatorCode | null) ?? null,
  }));
  return {
    orderId: order.id,
    sessionId: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    items: lines,
    totalItems: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: order.subtotalMmk,
    discount: order.discountMmk,
    serviceFee: order.serviceFeeMmk,
    deliveryFee: 0,
    tax: 0,
    total: order.totalMmk,
    currency: 'MMK',
    createdAt: order.createdAt.toISOString(),
    tierDiscount: order.tierDiscountMmk,
    email: order.email,
  };
}

export interface OrderDraft {
  userId: string;
  items: NewOrderItem[];
  subtotalMmk: number;
  discountMmk: number;
  tierDiscountMmk: number;
  serviceFeeMmk: number;
  totalMmk: number;
  cartFingerprint: string;
  email: string;
  language: Language;
}

export function createOrdersService(repo: OrdersRepo, clock: Clock) {
  return {
    /**
     * Makes the order once per checkout attempt. With an Idempotency-Key the key names the
     * attempt; without one, the same cart (same lines, prices and recipients) within `windowMs`
     * is the same attempt while its order still waits for payment. Checkouts of one user are
     * serialised by an advisory lock, and the unique (user, idempotency key) index stops any
     * duplicate that would slip past it.
     */
    async createOrder(
      draft: OrderDraft,
      idempotencyKey: string | null,
      windowMs: number,
    ): Promise<{ order: OrderWithItems; created: boolean }> {
      const attempt = () =>
        repo.inTransaction(async (tx) => {
          const orders = createOrdersRepo(tx);
          await orders.lockUserCheckout(draft.userId);
          const now = clock();
          let key: string;
          if (idempotencyKey !== null) {
            key = `key:${idempotencyKey}`;
            const existing = await orders.findByIdempotencyKey(draft.userId, key);
            if (existing) return { order: existing, created: false };
          } else {
            const since = new Date(now.getTime() - windowMs);
            const open = await orders.findOpenByFingerprint(
              draft.userId,
              draft.cartFingerprint,
              since,
            );
            if (open) return { order: open, created: false };
            key = `cart:${draft.cartFingerprint}:${Math.floor(now.getTime() / windowMs)}`;
            // The same cart bought again on purpose after the first order was paid or cancelled.
            if (await orders.findByIdempotencyKey(draft.userId, key)) key += `:${randomBase32(8)}`;
          }
          const order = await orders.insertOrder(
            {
              orderNumber: newOrderNumber(now),
              userId: draft.userId,
              subtotalMmk: draft.subtotalMmk,
              discountMmk: draft.discountMmk,
              tierDiscountMmk: draft.tierDiscountMmk,
              email: draft.email,
              language: draft.language,
              serviceFeeMmk: draft.serviceFeeMmk,
              totalMmk: draft.totalMmk,
              idempotencyKey: key,
              cartFingerprint: draft.cartFingerprint,
              createdAt: now,
              updatedAt: now,
            },
            draft.items,
          );
          return { order, created: true };
        });
      try {
        return await attempt();
      } catch (err) {
        // A duplicate that raced past the lock (or an order-number collision): read the winner.
        if (isUniqueViolation(err)) {
          if (idempotencyKey !== null) {
            const existing = await repo.findByIdempotencyKey(draft.userId, `key:${idempotencyKey}`);
            if (existing) return { order: existing, created: false };
          }
          return attempt();
        }
        throw err;
      }
    },

    async findOrder(orderId: string): Promise<OrderWithItems | null> {
      return repo.findOrder(orderId);
    },

    async setPaymentMethod(orderId: string, method: PaymentMethodId): Promise<void> {
      await repo.updateOrder(orderId, { paymentMethod: method });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
