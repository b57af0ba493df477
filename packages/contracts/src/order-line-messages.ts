// What a customer reads about a line staff changed after the order ended (ADR 0036), in every shop
// language, and why a failed line failed. Only the server sends these (in an order's answer and
// its notices): a file of its own keeps them out of the shop's first JavaScript, which holds
// orderMessages (orders.ts uses it).

import type { LocalizedText } from './i18n.ts';
import { orderMessages } from './order-messages.ts';
import { partlyDeliveredMessage, wrongOperatorMessage } from './order-status.ts';

export const orderLineMessages = {
  eloadNotDelivered: {
    en: 'We checked with the operator: this top-up did not arrive, so this item is refunded',
    my: 'အော်ပရေတာနှင့် စစ်ဆေးပြီးပါပြီ။ ဤငွေဖြည့်မှု မရောက်ရှိခဲ့သဖြင့် ဤပစ္စည်းအတွက် ငွေပြန်အမ်းပေးပါမည်',
  },
} as const satisfies Record<string, LocalizedText>;

const failureMessages: Record<string, LocalizedText> = {
  out_of_stock: orderMessages.outOfStock,
  declined: orderMessages.eloadDeclined,
  error: orderMessages.deliveryFailed,
  unconfirmed: orderMessages.eloadUnconfirmed,
  not_delivered: orderLineMessages.eloadNotDelivered,
};

/**
 * Why a failed line failed, as the customer reads it (the order page, the e-mails): a wrong
 * operator, a partly delivered top-up, or its failure code's message. A line without a known code
 * reads as `unknown`: a failed line as `error`, the answer of its e-load request as `declined`.
 */
export function failedLineMessage(
  line: { failureCode: string | null; quantity: number },
  unknown: 'error' | 'declined' = 'error',
): LocalizedText {
  return (
    wrongOperatorMessage(line.failureCode) ??
    partlyDeliveredMessage(line.failureCode, line.quantity) ??
    failureMessages[line.failureCode ?? unknown] ??
    (unknown === 'declined' ? orderMessages.eloadDeclined : orderMessages.deliveryFailed)
  );
}
