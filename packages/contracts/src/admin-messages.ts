// What the back-office API says (issue 17), in English and Burmese.

import type { LocalizedText } from './i18n.ts';
import { toBurmeseDigits, type Language } from './languages.ts';

export const adminMessages = {
  signInRequired: {
    en: 'Please sign in to the back-office',
    my: 'စီမံခန့်ခွဲရေးစနစ်သို့ ဝင်ရောက်ပါ',
  },
  staffOnly: {
    en: 'This area is for shop staff only',
    my: 'ဤနေရာသည် ဆိုင်ဝန်ထမ်းများအတွက်သာ ဖြစ်ပါသည်',
  },
  roleTooLow: {
    en: 'Your role does not allow this',
    my: 'သင်၏ ရာထူးဖြင့် ဤလုပ်ဆောင်ချက်ကို ခွင့်မပြုပါ',
  },
  sessionEnded: {
    en: 'Your back-office session has ended. Please sign in again',
    my: 'သင်၏ စီမံခန့်ခွဲရေးစနစ် အသုံးပြုချိန် ကုန်ဆုံးသွားပါပြီ။ ပြန်လည် ဝင်ရောက်ပါ',
  },
  badCredentials: {
    en: 'The email or password is not correct',
    my: 'အီးမေးလ် သို့မဟုတ် စကားဝှက် မမှန်ကန်ပါ',
  },
  tooManyAttempts: {
    en: 'Too many tries. Please try again later',
    my: 'ကြိုးစားမှု များလွန်းပါသည်။ ခဏနေမှ ထပ်ကြိုးစားပါ',
  },
  challengeExpired: {
    en: 'This sign-in has expired. Please enter your email and password again',
    my: 'ဤဝင်ရောက်မှု သက်တမ်းကုန်သွားပါပြီ။ အီးမေးလ်နှင့် စကားဝှက်ကို ထပ်ထည့်ပါ',
  },
  passwordAccepted: {
    en: 'Password accepted. Enter the code from your authenticator app',
    my: 'စကားဝှက် မှန်ကန်ပါသည်။ အထောက်အထားစစ်ဆေးရေး အက်ပ်မှ ကုဒ်ကို ထည့်ပါ',
  },
  enrolFirst: {
    en: 'Password accepted. Set up your authenticator app to continue',
    my: 'စကားဝှက် မှန်ကန်ပါသည်။ ဆက်လက်ရန် အထောက်အထားစစ်ဆေးရေး အက်ပ်ကို စနစ်ထည့်သွင်းပါ',
  },
  notEnrolled: {
    en: 'Set up your authenticator app first',
    my: 'အထောက်အထားစစ်ဆေးရေး အက်ပ်ကို အရင် စနစ်ထည့်သွင်းပါ',
  },
  alreadyEnrolled: {
    en: 'An authenticator app is already set up for this account',
    my: 'ဤအကောင့်အတွက် အထောက်အထားစစ်ဆေးရေး အက်ပ်ကို စနစ်ထည့်သွင်းပြီး ဖြစ်ပါသည်',
  },
  enrolStarted: {
    en: 'Scan the QR code, keep the recovery codes safe, then enter a code to finish',
    my: 'ကျူအာ ကုဒ်ကို စကင်ဖတ်ပါ၊ ပြန်လည်ရယူရေးကုဒ်များကို လုံခြုံစွာ သိမ်းပါ၊ ထို့နောက် ကုဒ်တစ်ခု ထည့်ပြီး အဆုံးသတ်ပါ',
  },
  enrolNotStarted: {
    en: 'Start the authenticator set-up first',
    my: 'အထောက်အထားစစ်ဆေးရေး အက်ပ် စနစ်ထည့်သွင်းခြင်းကို အရင် စတင်ပါ',
  },
  totpWrong: {
    en: 'The authenticator code is not correct',
    my: 'အထောက်အထားစစ်ဆေးရေး အက်ပ်၏ ကုဒ် မမှန်ကန်ပါ',
  },
  recoveryWrong: {
    en: 'This recovery code is not valid or was already used',
    my: 'ဤပြန်လည်ရယူရေးကုဒ်သည် မမှန်ကန်ပါ သို့မဟုတ် အသုံးပြုပြီး ဖြစ်ပါသည်',
  },
  signedIn: { en: 'Signed in to the back-office', my: 'စီမံခန့်ခွဲရေးစနစ်သို့ ဝင်ရောက်ပြီးပါပြီ' },
  signedOut: { en: 'Signed out of the back-office', my: 'စီမံခန့်ခွဲရေးစနစ်မှ ထွက်ပြီးပါပြီ' },
  fetched: { en: 'Fetched', my: 'ရယူပြီးပါပြီ' },
  productNotFound: { en: 'Product not found', my: 'ပစ္စည်းကို ရှာမတွေ့ပါ' },
  productUpdated: { en: 'Product updated', my: 'ပစ္စည်းကို ပြင်ဆင်ပြီးပါပြီ' },
  productCreated: { en: 'Product created', my: 'ပစ္စည်းအသစ် ဖန်တီးပြီးပါပြီ' },
  skuTaken: {
    en: 'Another product already has this SKU',
    my: 'ဤ SKU ကို အခြားပစ္စည်းတစ်ခုက အသုံးပြုပြီးဖြစ်သည်',
  },
  operatorUnknown: {
    en: 'The shop has no such operator',
    my: 'ဆိုင်တွင် ထိုအော်ပရေတာ မရှိပါ',
  },
  categoryUnknown: { en: 'Category not found', my: 'အမျိုးအစားကို ရှာမတွေ့ပါ' },
  discountNotBelowPrice: {
    en: 'The discount price must be below the price',
    my: 'လျှော့ဈေးသည် မူလဈေးထက် နည်းရပါမည်',
  },
  dateRange: {
    en: 'The start date must not be after the end date',
    my: 'စတင်ရက်သည် ပြီးဆုံးရက်ထက် နောက်မကျရပါ',
  },
  promoNotFound: { en: 'Promo code not found', my: 'ပရိုမိုကုဒ်ကို ရှာမတွေ့ပါ' },
  promoCreated: { en: 'Promo code created', my: 'ပရိုမိုကုဒ်ကို ဖန်တီးပြီးပါပြီ' },
  promoUpdated: { en: 'Promo code updated', my: 'ပရိုမိုကုဒ်ကို ပြင်ဆင်ပြီးပါပြီ' },
  promoCodeTaken: {
    en: 'A promo code with this code already exists',
    my: 'ဤကုဒ်ဖြင့် ပရိုမိုကုဒ် ရှိပြီး ဖြစ်ပါသည်',
  },
  promoUnknownCategory: {
    en: 'One of the categories does not exist',
    my: 'ပေးထားသော အမျိုးအစားများထဲမှ တစ်ခု မရှိပါ',
  },
  /** {count}: the uses the code has now. */
  promoLimitBelowRedeemed: {
    en: 'The total limit cannot be below the {count} uses the code already has',
    my: 'စုစုပေါင်း အကန့်အသတ်သည် ဤကုဒ်ကို အသုံးပြုပြီးသော အကြိမ်ရေ {count} ထက် နည်း၍ မရပါ',
  },
} as const satisfies Record<string, LocalizedText>;

/** "…below the 3 uses…" in both languages (Burmese digits in the Burmese). */
export function promoLimitBelowRedeemedText(count: number): LocalizedText {
  const fill = (lang: Language) =>
    adminMessages.promoLimitBelowRedeemed[lang].replace(
      '{count}',
      lang === 'my' ? toBurmeseDigits(String(count)) : String(count),
    );
  return { en: fill('en'), my: fill('my') };
}
