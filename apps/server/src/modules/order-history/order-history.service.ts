import type { Language } from '@shop/contracts/i18n';
import { failedLineMessage } from '@shop/contracts/order-line-messages';
import {
  isCardKind,
  isToCheck,
  orderMessages,
  type CardListFormat,
  type EloadResult,
  type Order,
  type OrderCard,
  type OrderDetailItem,
  type OrderFeedback,
  type OrderListQuery,
  type OrderShare,
  deliveredUnitsOf,
} from '@shop/contracts/orders';
import type { PaginationMeta } from '@shop/contracts/catalogue';
import { AppError } from '../../platform/errors.ts';
import {
  CodesResendError,
  type FulfilmentService,
  type OrderDeliveries,
} from '../fulfilment/fulfilment.service.ts';
import {
  toOrderSummary,
  type OrderFeedbackRow,
  type OrderHistoryRecords,
  type OrderItemRow,
  type OrderWithItems,
} from '../orders/orders.service.ts';
import type { OrderRefundRow } from '../refunds/refunds.service.ts';
import { presentRefund } from '../refunds/refunds.service.ts';
import { cardListCsv, cardListPdf, invoicePdf } from './order-documents.ts';
import { isUuid } from '@shop/contracts/ids';

/** Completed, or failed with some lines delivered (partly delivered, ADR 0051): it can be billed. */
const hasDeliveredPart = ({ order, items }: OrderWithItems) =>
  order.status === 'completed' ||
  (order.status === 'failed' && items.some((i) => i.status === 'delivered'));

type ProductDetails = Awaited<ReturnType<FulfilmentService['productDetails']>>;

export interface Download {
  body: Buffer | string;
  contentType: string;
  filename: string;
  invoiceNumber?: string;
}

/**
 * The buyer's side of orders (shopping spec §2 Orders, §7): history, detail, scratch, Happiness
 * Meter, invoice and card list. Only the buyer ever sees an order or a card: anything else is
 * "not found", so an id tells a stranger nothing.
 */
export function createOrderHistoryService(deps: {
  orders: OrderHistoryRecords;
  fulfilment: FulfilmentService;
  /** The account's name and email (invoice "billed to"). */
  account: (userId: string) => Promise<{ name: string; email: string }>;
  /** Kyat received per order and not applied to it, due back (payments module, ADR 0017). */
  unappliedRefunds: (orderIds: string[]) => Promise<Map<string, number>>;
  /** The refunds of failed parts (refunds module, ADR 0020). */
  refunds: (orderIds: string[]) => Promise<Map<string, OrderRefundRow>>;
  /** The live share links of orders (sharing module), by order id. */
  shares: (orderIds: string[]) => Promise<Map<string, OrderShare>>;
  /** When a link's holder first revealed each delivered card (sharing module), by order_cards.id. */
  recipientReveals: (orderCardIds: string[]) => Promise<Map<string, Date>>;
  /** A job was queued (the codes e-mail again): the worker takes it now. */
  jobQueued?: () => void;
}) {
  const { orders, fulfilment } = deps;

  async function owned(userId: string, orderId: string, lang: Language): Promise<OrderWithItems> {
    const found = isUuid(orderId) ? await orders.findOrder(orderId) : null;
    if (!found || found.order.userId !== userId)
      throw new AppError('NOT_FOUND', orderMessages.orderNotFound[lang]);
    return found;
  }

  function eloadOf(
    found: OrderWithItems,
    item: OrderItemRow,
    deliveries: OrderDeliveries,
    lang: Language,
  ): EloadResult | null {
    if (isCardKind(item.kind)) return null;
    const request = deliveries.topupByItem.get(item.id);
    if (!request) {
      if (item.status === 'failed')
        return {
          status: 'failed',
          reference: null,
          message: orderMessages.deliveryFailed[lang],
          completedAt: null,
        };
      // A failed order's line sent again by staff (ADR 0036) is pending like a processing one's.
      const retrying = found.order.status === 'failed' && item.status === 'pending';
      if (found.order.status !== 'processing' && !retrying) return null;
      return {
        status: 'pending',
        reference: null,
        message: orderMessages.eloadPending[lang],
        completedAt: null,
      };
    }
    // The line says how it ended: a request still 'sending' whose line the give-up failed is
    // failed, one staff resolved as delivered succeeded, and a line sent again (a staff retry,
    // ADR 0036) is pending until its new attempt is answered.
    const status =
      item.status === 'delivered' ? 'success' : item.status === 'failed' ? 'failed' : 'pending';
    return {
      status,
      reference: status === 'pending' ? null : request.reference,
      message:
        status === 'success'
          ? orderMessages.eloadSuccess[lang]
          : status === 'pending'
            ? orderMessages.eloadPending[lang]
            : failedLineMessage(item, 'declined')[lang],
      completedAt: status === 'pending' ? null : (request.completedAt?.toISOString() ?? null),
    };
  }

  function toOrder(
    found: OrderWithItems,
    deliveries: OrderDeliveries,
    details: ProductDetails,
    feedback: OrderFeedbackRow | undefined,
    unappliedRefund: number,
    refund: OrderRefundRow | undefined,
    sharing: { share: OrderShare | undefined; reveals: Map<string, Date> },
    lang: Language,
  ): Order {
    const summary = toOrderSummary(found, lang);
    const items: OrderDetailItem[] = found.items.map((item, i) => {
      const line = summary.items[i];
      if (!line) throw new Error('order line missing');
      const code = item.sku ?? item.productId;
      const cards: OrderCard[] = (deliveries.cardsByItem.get(item.id) ?? []).map((d) => ({
        cardId: d.card.id,
        code,
        name: item.name[lang],
        serialNumber: d.card.serial,
        pin: d.pin,
        scratched: d.orderCard.scratchedAt !== null,
        expiresAt: d.card.expiresAt?.toISOString() ?? null,
        cardPrice: item.listPriceMmk,
        sellingPrice: item.unitPriceMmk,
        faceValue: details.faceValues.get(item.productId) ?? null,
        openedByRecipientAt: sharing.reveals.get(d.orderCard.id)?.toISOString() ?? null,
      }));
      return {
        ...line,
        itemId: item.id,
        code,
        status: item.status,
        failureReason: item.status === 'failed' ? failedLineMessage(item)[lang] : null,
        toCheck: isToCheck(item),
        deliveredUnits: deliveredUnitsOf(item.failureCode) || null,
        eload: eloadOf(found, item, deliveries, lang),
        cards,
        instructions: details.instructions.get(item.productId)?.[lang] ?? null,
      };
    });
    const { order } = found;
    return {
      ...summary,
      items,
      invoiceNumber: order.invoiceNumber,
      sharingDisabled: order.sharingDisabledAt !== null,
      share: order.sharingDisabledAt === null ? (sharing.share ?? null) : null,
      feedback: feedback
        ? {
            rating: feedback.rating,
            comment: feedback.comment,
            createdAt: feedback.createdAt.toISOString(),
          }
        : null,
      paidAt: order.paidAt?.toISOString() ?? null,
      completedAt: order.completedAt?.toISOString() ?? null,
      // Lines whose top-up may have arrived say so themselves ('refund it if it did not arrive').
      refundPending:
        refund?.status === 'refund_pending' &&
        found.items.some((i) => i.status === 'failed' && i.failureCode !== 'unconfirmed'),
      refund: refund ? presentRefund(refund, found.items) : null,
      unappliedRefund,
    };
  }

  async function present(
    list: OrderWithItems[],
    lang: Language,
    reveal: 'scratched' | 'all' = 'scratched',
  ): Promise<Order[]> {
    if (list.length === 0) return [];
    const orderIds = list.map((o) => o.order.id);
    const items = list.flatMap((o) => o.items);
    const [deliveries, details, feedback, unapplied, refunds, shares] = await Promise.all([
      fulfilment.deliveriesOf(
        orderIds,
        items.map((i) => i.id),
        reveal,
      ),
      fulfilment.productDetails([...new Set(items.map((i) => i.productId))]),
      orders.feedbackOf(orderIds),
      deps.unappliedRefunds(orderIds),
      deps.refunds(orderIds),
      deps.shares(orderIds),
    ]);
    const reveals = await deps.recipientReveals(
      [...deliveries.cardsByItem.values()].flat().map((d) => d.orderCard.id),
    );
    return list.map((found) =>
      toOrder(
        found,
        deliveries,
        details,
        feedback.find((f) => f.orderId === found.order.id),
        unapplied.get(found.order.id) ?? 0,
        refunds.get(found.order.id),
        { share: shares.get(found.order.id), reveals },
        lang,
      ),
    );
  }

  async function detail(userId: string, orderId: string, lang: Language): Promise<Order> {
    const [order] = await present([await owned(userId, orderId, lang)], lang);
    if (!order) throw new AppError('NOT_FOUND', orderMessages.orderNotFound[lang]);
    return order;
  }

  return {
    async list(
      userId: string,
      query: OrderListQuery,
      lang: Language,
    ): Promise<{ orders: Order[]; meta: PaginationMeta }> {
      const { rows, total } = await orders.listForUser(userId, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
        status: query.status,
      });
      return {
        orders: await present(rows, lang),
        meta: {
          page: query.page,
          totalPages: Math.max(1, Math.ceil(total / query.limit)),
          total,
          limit: query.limit,
        },
      };
    },

    detail,

    /**
     * The order as its buyer sees it, whoever asks: only for callers that checked access
     * themselves (a live share link). PINs of unscratched cards stay null.
     */
    async view(orderId: string, lang: Language): Promise<Order | null> {
      const found = isUuid(orderId) ? await orders.findOrder(orderId) : null;
      if (!found) return null;
      const [order] = await present([found], lang);
      return order ?? null;
    },

    /** Reveals one card to its buyer; scratching ends sharing of the order (spec §4). */
    async scratch(userId: string, cardId: string, lang: Language) {
      const notFound = new AppError('NOT_FOUND', orderMessages.cardNotFound[lang]);
      if (!isUuid(cardId)) throw notFound;
      const delivered = await fulfilment.findDeliveredCard(cardId);
      if (!delivered) throw notFound;
      const found = await orders.findOrder(delivered.orderId);
      if (found?.order.userId !== userId) throw notFound;
      const revealed = (await fulfilment.revealCards([cardId])).get(cardId);
      if (!revealed) throw notFound;
      await orders.disableSharing(delivered.orderId);
      return {
        cardId,
        pin: revealed.pin,
        serialNumber: revealed.serial,
        scratched: true as const,
      };
    },

    /**
     * The codes e-mail again (issue 26, ADR 0050): to the order's address, or to `email`, which
     * becomes the order's. Only the buyer, only for an order with delivered cards (409 otherwise,
     * nothing changed). Answers the order as its page shows it.
     */
    async resendCodes(
      userId: string,
      orderId: string,
      email: string | null,
      lang: Language,
    ): Promise<Order> {
      await owned(userId, orderId, lang);
      try {
        await fulfilment.queueCodesAgain(orderId, { email, by: 'customer' });
      } catch (err) {
        if (!(err instanceof CodesResendError)) throw err;
        if (err.problem === 'no_order')
          throw new AppError('NOT_FOUND', orderMessages.orderNotFound[lang]);
        throw new AppError('CONFLICT', orderMessages.noCodesToSend[lang]);
      }
      deps.jobQueued?.();
      return detail(userId, orderId, lang);
    },

    /** The Happiness Meter, once the order has ended (completed or failed); a new answer replaces it. */
    async saveFeedback(
      userId: string,
      orderId: string,
      body: { rating: number; comment?: string | null },
      lang: Language,
    ): Promise<OrderFeedback> {
      const { order } = await owned(userId, orderId, lang);
      if (order.status !== 'completed' && order.status !== 'failed')
        throw new AppError('CONFLICT', orderMessages.feedbackNotYet[lang]);
      const saved = await orders.saveFeedback(
        orderId,
        body.rating,
        body.comment ? body.comment : null,
      );
      return {
        rating: saved.rating,
        comment: saved.comment,
        createdAt: saved.createdAt.toISOString(),
      };
    },

    /**
     * The invoice PDF of a completed order, or of the delivered part of a partly delivered one
     * (ADR 0051); the first one gives the order its invoice number and ends sharing.
     */
    async invoice(userId: string, orderId: string, lang: Language): Promise<Download> {
      const found = await owned(userId, orderId, lang);
      if (!hasDeliveredPart(found))
        throw new AppError('CONFLICT', orderMessages.invoiceNotAvailable[lang]);
      const invoiceNumber = await orders.assignInvoiceNumber(orderId);
      const fresh = await owned(userId, orderId, lang);
      const [order] = await present([fresh], lang);
      if (!order) throw new AppError('NOT_FOUND', orderMessages.orderNotFound[lang]);
      const account = await deps.account(userId);
      return {
        body: await invoicePdf({
          order,
          invoiceNumber,
          invoicedAt: (fresh.order.invoicedAt ?? new Date()).toISOString(),
          customer: { name: account.name, email: fresh.order.email ?? account.email },
          lang,
        }),
        contentType: 'application/pdf',
        filename: `invoice-${invoiceNumber}.pdf`,
        invoiceNumber,
      };
    },

    /** Every card of the order with its PIN: the download reveals them, so they count as scratched. */
    async cardList(
      userId: string,
      orderId: string,
      format: CardListFormat,
      lang: Language,
    ): Promise<Download> {
      const found = await owned(userId, orderId, lang);
      const [order] = await present([found], lang, 'all');
      const cards = order?.items.flatMap((i) => i.cards) ?? [];
      if (!order || cards.length === 0)
        throw new AppError('NOT_FOUND', orderMessages.noCards[lang]);
      await fulfilment.revealCards(cards.map((c) => c.cardId));
      await orders.disableSharing(orderId);
      const revealed = cards.map((c) => ({ ...c, scratched: true }));
      const base = `cards-${order.orderNumber}`;
      return format === 'pdf'
        ? {
            body: await cardListPdf({ order, cards: revealed, lang }),
            contentType: 'application/pdf',
            filename: `${base}.pdf`,
          }
        : {
            body: cardListCsv(revealed),
            contentType: 'text/csv; charset=utf-8',
            filename: `${base}.csv`,
          };
    },
  };
}

export type OrderHistoryService = ReturnType<typeof createOrderHistoryService>;
