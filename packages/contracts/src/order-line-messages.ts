// What a customer reads about a line staff changed after the order ended (ADR 0036), in every shop
// language. Only the server sends these (in an order's answer and its notices): a file of its own
// keeps them out of the shop's first JavaScript, which holds orderMessages (orders.ts uses it).

import type { LocalizedText } from './i18n.ts';

export const orderLineMessages = {
  eloadNotDelivered: {
    en: 'We checked with the operator: this top-up did not arrive, so this item is refunded',
    my: 'အော်ပရေတာနှင့် စစ်ဆေးပြီးပါပြီ။ ဤငွေဖြည့်မှု မရောက်ရှိခဲ့သဖြင့် ဤပစ္စည်းအတွက် ငွေပြန်အမ်းပေးပါမည်',
  },
} as const satisfies Record<string, LocalizedText>;
