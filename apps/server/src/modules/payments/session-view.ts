import type { PaymentSession } from '@shop/contracts/checkout';
import { isOperatorCode, shownRecipient } from '@shop/contracts/phone';
import type { OrderItemRow, OrderRow } from '../orders/orders.service.ts';
import type { PaymentRow } from './payments.repo.ts';
import type { PaymentsContext } from './payments-context.ts';

/** The payment session the customer sees: what to pay, how, until when and for whom. */
export function sessionOf(
  ctx: PaymentsContext,
  order: OrderRow,
  payment: PaymentRow,
  items: OrderItemRow[],
): PaymentSession {
  const now = ctx.clock().getTime();
  return {
    orderId: order.id,
    sessionId: order.id,
    orderNumber: order.orderNumber,
    amount: payment.amountMmk,
    currency: 'MMK',
    paymentMethod: payment.method,
    paymentStatus: payment.status,
    paymentReference: payment.reference,
    paymentQrCode: payment.method === 'mmqr' ? payment.payload : null,
    aplusPayment:
      payment.method === 'aplus' ? { orderId: order.id, paymentToken: payment.payload } : null,
    paymentUrl: payment.method === 'direct' ? payment.payload : null,
    expiresAt: payment.expiresAt.toISOString(),
    expiresInSeconds: Math.max(0, Math.ceil((payment.expiresAt.getTime() - now) / 1000)),
    recipients: items.flatMap((item) => {
      // A request's number is the requester's: masked for the payer (ADR 0080).
      const { phoneNumber, recipientMasked } = shownRecipient(item);
      return phoneNumber
        ? [
            {
              productId: item.productId,
              name: item.name,
              phoneNumber,
              recipientMasked,
              operator: isOperatorCode(item.operatorCode) ? item.operatorCode : null,
            },
          ]
        : [];
    }),
  };
}
