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
  resolvedDelivered: {
    en: 'Marked delivered: the refund is reduced by this line and the customer is told',
    my: 'ပို့ဆောင်ပြီးဟု မှတ်ပြီးပါပြီ။ ဤပစ္စည်း၏ ငွေကို ပြန်အမ်းငွေမှ နုတ်ပြီး ဖောက်သည်ထံ အကြောင်းကြားပါမည်',
  },
  resolvedCompleted: {
    en: 'Marked delivered: nothing is owed any more, the order is completed and the customer is told',
    my: 'ပို့ဆောင်ပြီးဟု မှတ်ပြီးပါပြီ။ ပြန်အမ်းရန် မရှိတော့သဖြင့် အော်ဒါ ပြီးဆုံးပြီး ဖောက်သည်ထံ အကြောင်းကြားပါမည်',
  },
  resolvedNotDelivered: {
    en: 'Marked not delivered: the line stays in the refund, which waits for its payout',
    my: 'မပို့ဆောင်ရဟု မှတ်ပြီးပါပြီ။ ဤပစ္စည်းသည် ငွေပြန်အမ်းမှုတွင် ပါဝင်ပြီး ငွေလွှဲရန် စောင့်ဆိုင်းနေပါသည်',
  },
  resolvedNotDeliveredRefunded: {
    en: 'Marked not delivered: the points were returned and the customer is told',
    my: 'မပို့ဆောင်ရဟု မှတ်ပြီးပါပြီ။ ပွိုင့်များကို ပြန်ပေးပြီး ဖောက်သည်ထံ အကြောင်းကြားပါမည်',
  },
  resolveAlreadyDone: {
    en: 'This top-up was already resolved that way; nothing changed',
    my: 'ဤငွေဖြည့်မှုကို ထိုအတိုင်း ဆုံးဖြတ်ပြီး ဖြစ်ပါသည်။ မည်သည့်အရာမျှ မပြောင်းလဲပါ',
  },
  resolvedOtherwise: {
    en: 'This top-up was already resolved the other way; that cannot be changed',
    my: 'ဤငွေဖြည့်မှုကို အခြားနည်းဖြင့် ဆုံးဖြတ်ပြီး ဖြစ်၍ ပြောင်းလဲ၍ မရပါ',
  },
  notUnconfirmed: {
    en: 'Only a top-up the aggregator never answered (unconfirmed) can be resolved',
    my: 'ငွေဖြည့်ဝန်ဆောင်မှုပေးသူထံမှ အဖြေမရသော (အတည်မပြုရသေးသော) ငွေဖြည့်မှုကိုသာ ဆုံးဖြတ်နိုင်ပါသည်',
  },
  refundPaidOut: {
    en: 'The refund of this order was already paid out: its lines can no longer change',
    my: 'ဤအော်ဒါ၏ ငွေပြန်အမ်းမှု ပြီးဆုံးပြီးဖြစ်၍ ၎င်း၏ ပစ္စည်းများကို ပြောင်းလဲ၍ မရတော့ပါ',
  },
  noRefundRow: {
    en: 'This order has no refund record, so its lines cannot change here',
    my: 'ဤအော်ဒါတွင် ငွေပြန်အမ်းမှု မှတ်တမ်း မရှိသဖြင့် ၎င်း၏ ပစ္စည်းများကို ဤနေရာတွင် ပြောင်းလဲ၍ မရပါ',
  },
  cardsFoundDelivered: {
    en: 'Reloadly had bought the cards: their codes are now on the order, the refund is reduced by this line and the codes are e-mailed to the customer',
    my: 'Reloadly တွင် ကတ်များ ဝယ်ပြီးဖြစ်ပါသည်။ ကုဒ်များကို အော်ဒါတွင် ထည့်ပြီး ဤပစ္စည်း၏ ငွေကို ပြန်အမ်းငွေမှ နုတ်ကာ ကုဒ်များကို ဖောက်သည်ထံ အီးမေးလ်ဖြင့် ပို့ပါမည်',
  },
  cardsFoundCompleted: {
    en: 'Reloadly had bought the cards: their codes are now on the order, nothing is owed any more, the order is completed and the codes are e-mailed to the customer',
    my: 'Reloadly တွင် ကတ်များ ဝယ်ပြီးဖြစ်ပါသည်။ ကုဒ်များကို အော်ဒါတွင် ထည့်ပြီး ပြန်အမ်းရန် မရှိတော့သဖြင့် အော်ဒါ ပြီးဆုံးကာ ကုဒ်များကို ဖောက်သည်ထံ အီးမေးလ်ဖြင့် ပို့ပါမည်',
  },
  cardsNotBought: {
    en: 'Reloadly has no purchase of these cards: the line is marked not delivered and stays in the refund',
    my: 'Reloadly တွင် ဤကတ်များ ဝယ်ယူမှု မရှိပါ။ ဤပစ္စည်းကို မပို့ဆောင်ရဟု မှတ်ပြီး ငွေပြန်အမ်းမှုတွင် ပါဝင်ပါသည်',
  },
  cardsCheckedBefore: {
    en: 'These cards were already checked with Reloadly; nothing changed',
    my: 'ဤကတ်များကို Reloadly နှင့် စစ်ဆေးပြီး ဖြစ်ပါသည်။ မည်သည့်အရာမျှ မပြောင်းလဲပါ',
  },
  cardsCheckUnavailable: {
    en: 'Reloadly could not tell now (unreachable, or the purchase is still being processed): nothing changed; try again in a few minutes',
    my: 'Reloadly က ယခု မဖြေနိုင်ပါ (ဆက်သွယ်၍ မရပါ သို့မဟုတ် ဝယ်ယူမှုကို ဆောင်ရွက်နေဆဲ)။ မည်သည့်အရာမျှ မပြောင်းလဲပါ။ မိနစ်အနည်းငယ်အကြာတွင် ထပ်ကြိုးစားပါ',
  },
  notUnconfirmedCards: {
    en: 'Only a gift card bought from Reloadly whose purchase was never confirmed (unconfirmed) can be checked',
    my: 'Reloadly မှ ဝယ်ယူပြီး အတည်မပြုရသေးသော လက်ဆောင်ကတ်ကိုသာ စစ်ဆေးနိုင်ပါသည်',
  },
  retryStarted: {
    en: 'The top-up is being sent again; the order changes when the aggregator answers',
    my: 'ငွေဖြည့်မှုကို ထပ်မံ ပို့နေပါသည်။ ဝန်ဆောင်မှုပေးသူ အဖြေပေးသည့်အခါ အော်ဒါ ပြောင်းလဲပါမည်',
  },
  retryRunning: {
    en: 'This top-up is already being sent again; nothing changed',
    my: 'ဤငွေဖြည့်မှုကို ထပ်မံ ပို့နေဆဲ ဖြစ်ပါသည်။ မည်သည့်အရာမျှ မပြောင်းလဲပါ',
  },
  resolveFirst: {
    en: 'This top-up may have arrived (unconfirmed): check it with the aggregator and resolve it first',
    my: 'ဤငွေဖြည့်မှု ရောက်ရှိပြီး ဖြစ်နိုင်ပါသည် (အတည်မပြုရသေး)။ ဝန်ဆောင်မှုပေးသူနှင့် စစ်ဆေးပြီး ဦးစွာ ဆုံးဖြတ်ပါ',
  },
  notRetryable: {
    en: 'Only a failed top-up or data line can be sent again',
    my: 'မအောင်မြင်သော ဖုန်းငွေဖြည့် သို့မဟုတ် ဒေတာ ပစ္စည်းကိုသာ ထပ်မံ ပို့နိုင်ပါသည်',
  },
  lineDelivered: {
    en: 'This line was delivered; there is nothing to send again',
    my: 'ဤပစ္စည်းကို ပို့ဆောင်ပြီး ဖြစ်၍ ထပ်မံ ပို့ရန် မရှိပါ',
  },
  retryPointsOrder: {
    en: 'This order was paid with points and the points of this line were already returned: it cannot be sent again',
    my: 'ဤအော်ဒါကို ပွိုင့်ဖြင့် ပေးချေထားပြီး ဤပစ္စည်း၏ ပွိုင့်များကို ပြန်ပေးပြီးဖြစ်၍ ထပ်မံ ပို့၍ မရပါ',
  },
  noRecipient: {
    en: 'This line has no phone number to send the top-up to',
    my: 'ဤပစ္စည်းတွင် ငွေဖြည့်ရန် ဖုန်းနံပါတ် မရှိပါ',
  },
  refundWhileRetrying: {
    en: 'A top-up of this order is being sent again: wait for its answer before paying the refund',
    my: 'ဤအော်ဒါ၏ ငွေဖြည့်မှုကို ထပ်မံ ပို့နေဆဲဖြစ်၍ ငွေပြန်မအမ်းမီ ၎င်း၏ အဖြေကို စောင့်ပါ',
  },
  refundAtProvider: {
    en: 'This refund was sent to the payment provider, which has not answered yet: wait for its answer (the timeline shows it) before paying anything',
    my: 'ဤငွေပြန်အမ်းမှုကို ငွေပေးချေမှု ဝန်ဆောင်မှုပေးသူထံ ပို့ပြီးဖြစ်ပြီး အဖြေ မရသေးပါ။ မည်သည့်ငွေမျှ မပေးမီ ၎င်း၏ အဖြေကို စောင့်ပါ (မှတ်တမ်းတွင် ပြသပါမည်)',
  },
  refundSentToProvider: {
    en: 'The refund of this order was sent to the payment provider: its lines can no longer change',
    my: 'ဤအော်ဒါ၏ ငွေပြန်အမ်းမှုကို ငွေပေးချေမှု ဝန်ဆောင်မှုပေးသူထံ ပို့ပြီးဖြစ်၍ ၎င်း၏ ပစ္စည်းများကို ပြောင်းလဲ၍ မရတော့ပါ',
  },
} as const satisfies Record<string, LocalizedText>;
