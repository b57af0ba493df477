// What the back-office says about payments whose outcome is unknown (issue 27, ADR 0059), in
// English and Burmese.

import type { LocalizedText } from './i18n.ts';

export const adminPaymentMessages = {
  paymentNotFound: { en: 'Payment not found', my: 'ငွေပေးချေမှုကို ရှာမတွေ့ပါ' },
  notUnknown: {
    en: 'The outcome of this payment is not unknown: its provider reported on it',
    my: 'ဤငွေပေးချေမှု၏ ရလဒ်ကို ငွေပေးချေမှုဝန်ဆောင်မှုပေးသူက အကြောင်းကြားပြီး ဖြစ်ပါသည်',
  },
  reportedSince: {
    en: 'The provider has reported on this payment since; there is nothing left to mark',
    my: 'ငွေပေးချေမှုဝန်ဆောင်မှုပေးသူက ဤငွေပေးချေမှုအကြောင်း အကြောင်းကြားပြီး ဖြစ်၍ မှတ်ရန် မလိုတော့ပါ',
  },
  foundOtherwise: {
    en: 'This payment was already marked the other way; that cannot be changed',
    my: 'ဤငွေပေးချေမှုကို အခြားနည်းဖြင့် မှတ်ပြီး ဖြစ်၍ ပြောင်းလဲ၍ မရပါ',
  },
  payingAgain: {
    en: 'The customer has another payment of this order open: wait until it ends, then mark this one',
    my: 'ဖောက်သည်သည် ဤအော်ဒါအတွက် အခြားငွေပေးချေမှုတစ်ခု ဖွင့်ထားပါသည်။ ၎င်းပြီးဆုံးသည်အထိ စောင့်ပြီးမှ ဤငွေပေးချေမှုကို မှတ်ပါ',
  },
  markedPaid: {
    en: 'Marked paid: the order is paid and its fulfilment has started',
    my: 'ငွေရရှိပြီးဟု မှတ်ပြီးပါပြီ။ အော်ဒါကို ငွေပေးချေပြီး ပို့ဆောင်မှု စတင်ပါပြီ',
  },
  markedPaidToRefund: {
    en: 'Marked paid, but the order could no longer take the money: it is flagged for refund',
    my: 'ငွေရရှိပြီးဟု မှတ်ပြီးပါပြီ။ သို့သော် အော်ဒါက ဤငွေကို လက်ခံ၍ မရတော့သဖြင့် ငွေပြန်အမ်းရန် မှတ်သားထားပါသည်',
  },
  markedNotPaidCancelled: {
    en: 'Marked not paid: the order is cancelled',
    my: 'ငွေမရရှိဟု မှတ်ပြီးပါပြီ။ အော်ဒါကို ပယ်ဖျက်ပြီးပါပြီ',
  },
  markedNotPaid: {
    en: 'Marked not paid; the order was already paid or ended and is unchanged',
    my: 'ငွေမရရှိဟု မှတ်ပြီးပါပြီ။ အော်ဒါသည် ငွေပေးချေပြီး သို့မဟုတ် ပြီးဆုံးပြီး ဖြစ်၍ မပြောင်းလဲပါ',
  },
  alreadyMarked: {
    en: 'This payment was already marked that way; nothing changed',
    my: 'ဤငွေပေးချေမှုကို ထိုအတိုင်း မှတ်ပြီး ဖြစ်ပါသည်။ မည်သည့်အရာမျှ မပြောင်းလဲပါ',
  },
} as const satisfies Record<string, LocalizedText>;
