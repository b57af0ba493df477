// The "top me up" request links' messages (issue 31) in every shop language, apart from their
// schemas (validation-messages.ts takes the schema messages).

import type { LocalizedText } from './i18n.ts';

/** Requests an account may have open (not paid, cancelled or expired) at once. */
export const TOPUP_REQUESTS_OPEN_MAX = 5;
/** Requests an account may create in 24 hours (cancelled ones count too). */
export const TOPUP_REQUESTS_DAILY_MAX = 10;
/** Days a request link stays open. */
export const TOPUP_REQUEST_DAYS = 7;
/** The note's length (a short line: "Thank you, Auntie!"). */
export const TOPUP_REQUEST_NOTE_MAX = 150;

/** The schemas' messages (validation-messages.ts localises them). */
export const topupRequestSchemaMessages = {
  chooseProduct: { en: 'Choose a top-up or data product', my: 'ငွေဖြည့်ကတ် သို့မဟုတ် ဒေတာ ပစ္စည်း ရွေးပါ' },
  noteTooLong: {
    en: `The note can be at most ${TOPUP_REQUEST_NOTE_MAX} characters`,
    my: 'မှတ်စုကို စာလုံး ၁၅၀ အထိသာ ရေးနိုင်ပါသည်',
  },
} as const satisfies Record<string, LocalizedText>;

export const topupRequestMessages = {
  ...topupRequestSchemaMessages,
  created: { en: 'Your request link is ready', my: 'သင့်တောင်းဆိုမှု လင့်ခ် အဆင်သင့်ဖြစ်ပါပြီ' },
  listed: { en: 'Your requests retrieved', my: 'သင့်တောင်းဆိုမှုများကို ရယူပြီးပါပြီ' },
  fetched: { en: 'Top-up request retrieved', my: 'ငွေဖြည့် တောင်းဆိုမှုကို ရယူပြီးပါပြီ' },
  cancelled: { en: 'Request cancelled', my: 'တောင်းဆိုမှုကို ပယ်ဖျက်ပြီးပါပြီ' },
  addedToCart: {
    en: 'The top-up is in your cart',
    my: 'ငွေဖြည့်မှုကို သင့်ခြင်းတောင်းထဲ ထည့်ပြီးပါပြီ',
  },
  notFound: {
    en: 'This request link may not exist or has expired',
    my: 'ဤတောင်းဆိုမှု လင့်ခ် မရှိခြင်း သို့မဟုတ် သက်တမ်းကုန်သွားခြင်း ဖြစ်နိုင်ပါသည်',
  },
  notOpen: {
    en: 'This request is no longer open',
    my: 'ဤတောင်းဆိုမှုကို မဖွင့်ထားတော့ပါ',
  },
  invalidOperator: {
    en: 'This number’s operator could not be found',
    my: 'ဤနံပါတ်၏ အော်ပရေတာကို ရှာမတွေ့ပါ',
  },
  productNotForNumber: {
    en: 'This product cannot be sent to this number',
    my: 'ဤပစ္စည်းကို ဤနံပါတ်သို့ ပို့၍ မရပါ',
  },
  productUnavailable: {
    en: 'This product is not available now',
    my: 'ဤပစ္စည်းကို ယခု မရနိုင်ပါ',
  },
  tooManyOpen: {
    en: `You can have up to ${TOPUP_REQUESTS_OPEN_MAX} open requests. Cancel one to make another.`,
    my: 'ဖွင့်ထားသော တောင်းဆိုမှု ၅ ခုအထိသာ ရှိနိုင်ပါသည်။ နောက်တစ်ခု ပြုလုပ်ရန် တစ်ခုကို ပယ်ဖျက်ပါ။',
  },
  tooManyToday: {
    en: `You can make up to ${TOPUP_REQUESTS_DAILY_MAX} requests a day. Please try again tomorrow.`,
    my: 'တစ်ရက်လျှင် တောင်းဆိုမှု ၁၀ ခုအထိသာ ပြုလုပ်နိုင်ပါသည်။ မနက်ဖြန် ထပ်ကြိုးစားပါ။',
  },
  loginRequired: {
    en: 'Please log in to ask for a top-up',
    my: 'ငွေဖြည့်ပေးရန် တောင်းဆိုရန် အကောင့်ဝင်ပါ',
  },
  loginToPay: {
    en: 'Please log in to pay for this top-up',
    my: 'ဤငွေဖြည့်မှုအတွက် ပေးချေရန် အကောင့်ဝင်ပါ',
  },
} as const satisfies Record<string, LocalizedText>;

/** What the requester is told when the top-up arrives (push and e-mail), {product} and {number}. */
export const topupRequestPaidTexts = {
  title: { en: 'You were topped up!', my: 'သင့်ဖုန်းကို ငွေဖြည့်ပေးပြီးပါပြီ!' },
  body: {
    en: 'Someone paid your request: {product} has arrived on {number}.',
    my: 'တစ်စုံတစ်ယောက်က သင့်တောင်းဆိုမှုကို ပေးချေခဲ့ပါသည်- {product} ကို {number} သို့ ပို့ပြီးပါပြီ။',
  },
  emailFooter: {
    en: 'See your requests: {url}',
    my: 'သင့်တောင်းဆိုမှုများကို ကြည့်ရန်- {url}',
  },
} as const satisfies Record<string, LocalizedText>;
