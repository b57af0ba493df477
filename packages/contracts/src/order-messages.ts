// The order calls' messages in every shop language, on their own so that the form messages
// (validation-messages.ts) need none of the order schemas (the account pages' first JavaScript).

import type { LocalizedText } from './i18n.ts';

export const orderMessages = {
  orderNotFound: { en: 'Order not found', my: 'အော်ဒါကို ရှာမတွေ့ပါ' },
  cardNotFound: { en: 'Card not found', my: 'ကတ်ကို ရှာမတွေ့ပါ' },
  ordersFetched: { en: 'Orders retrieved successfully', my: 'အော်ဒါများကို ရယူပြီးပါပြီ' },
  orderFetched: { en: 'Order retrieved successfully', my: 'အော်ဒါကို ရယူပြီးပါပြီ' },
  cardScratched: { en: 'Card scratched successfully', my: 'ကတ်ကို ခြစ်ပြီးပါပြီ' },
  scratchMustBeTrue: { en: 'scratch must be true', my: 'scratch သည် true ဖြစ်ရပါမည်' },
  cardNotDelivered: {
    en: 'This card has not been delivered yet',
    my: 'ဤကတ်ကို မပို့ဆောင်ရသေးပါ',
  },
  feedbackSaved: { en: 'Thank you for your feedback!', my: 'သင့်အကြံပြုချက်အတွက် ကျေးဇူးတင်ပါသည်။' },
  feedbackRating: {
    en: 'Please choose a rating from 1 to 5',
    my: 'အဆင့် ၁ မှ ၅ အထိ ရွေးချယ်ပါ',
  },
  feedbackCommentTooLong: {
    en: 'Comments can be at most 500 characters',
    my: 'မှတ်ချက်ကို စာလုံး ၅၀၀ အထိသာ ရေးနိုင်ပါသည်',
  },
  feedbackNotYet: {
    en: 'Feedback can be given once the order is completed or failed',
    my: 'အော်ဒါ ပြီးဆုံးမှ (သို့) မအောင်မြင်မှသာ အကြံပြုချက် ပေးနိုင်ပါသည်',
  },
  invoiceNotAvailable: {
    en: 'An invoice is available once the order is completed',
    my: 'အော်ဒါ ပြီးဆုံးမှသာ ငွေတောင်းခံလွှာ ရယူနိုင်ပါသည်',
  },
  noCards: { en: 'This order has no cards', my: 'ဤအော်ဒါတွင် ကတ်မရှိပါ' },
  // Sending the codes e-mail again from the order page (issue 26, ADR 0050).
  codesResent: {
    en: 'The codes e-mail is on its way',
    my: 'ကုဒ်များပါသော အီးမေးလ်ကို ထပ်မံ ပို့နေပါသည်',
  },
  noCodesToSend: {
    en: 'This order has no delivered codes to send',
    my: 'ဤအော်ဒါတွင် ပို့ရန် ပို့ဆောင်ပြီးသော ကုဒ်များ မရှိပါ',
  },
  cardFormat: {
    en: 'format must be csv or pdf',
    my: 'format သည် csv သို့မဟုတ် pdf ဖြစ်ရပါမည်',
  },
  pageInvalid: {
    en: 'page must be a whole number from 1',
    my: 'page သည် ၁ နှင့်အထက် ကိန်းပြည့် ဖြစ်ရပါမည်',
  },
  limitInvalid: {
    en: 'limit must be a whole number from 1 to 50',
    my: 'limit သည် ၁ မှ ၅၀ အတွင်း ကိန်းပြည့် ဖြစ်ရပါမည်',
  },
  statusInvalid: {
    en: 'status must be one of pending, processing, completed, failed, cancelled, partly_delivered, checking',
    my: 'status သည် pending, processing, completed, failed, cancelled, partly_delivered, checking ထဲမှ တစ်ခု ဖြစ်ရပါမည်',
  },
  // E-load results per line (shown on the order page and the shared page).
  eloadPending: { en: 'Sending the top-up…', my: 'ဖုန်းငွေဖြည့်ခြင်း ပို့နေသည်…' },
  eloadSuccess: { en: 'Top-up delivered', my: 'ဖုန်းငွေဖြည့်ခြင်း အောင်မြင်ပါသည်' },
  outOfStock: {
    en: 'Out of stock: this item could not be delivered and will be refunded',
    my: 'ပစ္စည်းပြတ်နေ၍ ဤပစ္စည်းကို မပို့ဆောင်နိုင်ပါ၊ ငွေပြန်အမ်းပေးပါမည်',
  },
  eloadDeclined: {
    en: 'The operator could not top up this number; this item will be refunded',
    my: 'ဤနံပါတ်သို့ အော်ပရေတာမှ ငွေဖြည့်၍ မရပါ၊ ဤပစ္စည်းအတွက် ငွေပြန်အမ်းပေးပါမည်',
  },
  deliveryFailed: {
    en: 'This item could not be delivered and will be refunded',
    my: 'ဤပစ္စည်းကို မပို့ဆောင်နိုင်ပါ၊ ငွေပြန်အမ်းပေးပါမည်',
  },
  eloadUnconfirmed: {
    en: 'The operator did not confirm this top-up. We check every such top-up with the operator and refund it if it did not arrive',
    my: 'ဤငွေဖြည့်ခြင်းကို အော်ပရေတာမှ အတည်မပြုပါ။ ထိုသို့သော ငွေဖြည့်မှုတိုင်းကို အော်ပရေတာနှင့် စစ်ဆေးပြီး မရောက်ရှိပါက ငွေပြန်အမ်းပေးပါမည်',
  },
} as const satisfies Record<string, LocalizedText>;

/**
 * A delivered card's labels as the order page and the shared-order page show them (the web's
 * orders.detail and sharing.page messages): the codes e-mail and the card-list PDF say the same.
 */
export const cardLabels = {
  serial: { en: 'Serial number', my: 'စီးရီးနံပါတ်' },
  pin: { en: 'PIN', my: 'PIN' },
  expires: { en: 'Expires', my: 'သက်တမ်းကုန်ဆုံးရက်' },
  noExpiry: { en: 'Does not expire', my: 'သက်တမ်း မကုန်ပါ' },
} satisfies Record<string, LocalizedText>;
