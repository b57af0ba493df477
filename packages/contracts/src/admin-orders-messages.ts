// What the back-office order detail and actions say (issue 17), in English and Burmese.

import type { LocalizedText } from './i18n.ts';

export const adminOrderMessages = {
  orderNotFound: { en: 'Order not found', my: 'အော်ဒါကို ရှာမတွေ့ပါ' },
  itemNotFound: { en: 'Order line not found', my: 'အော်ဒါတွင် ဤပစ္စည်းကို ရှာမတွေ့ပါ' },
  refundedToBank: {
    en: 'Refund marked as paid to the bank; the customer is told',
    my: 'ဘဏ်သို့ ငွေပြန်အမ်းပြီးကြောင်း မှတ်တမ်းတင်ပြီးပါပြီ။ ဖောက်သည်ထံ အကြောင်းကြားပါမည်',
  },
  refundedToPoints: {
    en: 'Refund given to the customer as points; the customer is told',
    my: 'ငွေပြန်အမ်းငွေကို ဖောက်သည်ထံ ပွိုင့်အဖြစ် ပေးပြီးပါပြီ။ ဖောက်သည်ထံ အကြောင်းကြားပါမည်',
  },
  refundAlreadyDone: {
    en: 'This refund was already done; nothing changed',
    my: 'ဤငွေပြန်အမ်းမှု ပြီးဆုံးပြီး ဖြစ်ပါသည်။ မည်သည့်အရာမျှ မပြောင်းလဲပါ',
  },
  noPendingRefund: {
    en: 'This order has no refund waiting to be paid',
    my: 'ဤအော်ဒါတွင် ပြန်အမ်းရန် စောင့်ဆိုင်းနေသော ငွေ မရှိပါ',
  },
  pointsOnly: {
    en: 'This order was paid with points: its refund can only go back as points',
    my: 'ဤအော်ဒါကို ပွိုင့်ဖြင့် ပေးချေထားသဖြင့် ငွေပြန်အမ်းမှုကို ပွိုင့်အဖြစ်သာ ပြန်ပေးနိုင်ပါသည်',
  },
  codesResent: {
    en: 'The codes e-mail will be sent again',
    my: 'ကုဒ်များပါသော အီးမေးလ်ကို ထပ်မံ ပို့ပေးပါမည်',
  },
  noCodes: {
    en: 'This order has no delivered codes to send',
    my: 'ဤအော်ဒါတွင် ပို့ရန် ပို့ဆောင်ပြီးသော ကုဒ် မရှိပါ',
  },
  noEmail: {
    en: 'This order has no e-mail address to send the codes to',
    my: 'ဤအော်ဒါတွင် ကုဒ်များ ပို့ရန် အီးမေးလ်လိပ်စာ မရှိပါ',
  },
} as const satisfies Record<string, LocalizedText>;
