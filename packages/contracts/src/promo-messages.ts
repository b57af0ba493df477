// Promo codes (issue 17): the answers a customer may get when a code is applied at checkout, in
// every shop language (the service answers them; the checkout schema takes any string, so the
// form messages of the first JavaScript, validation-messages.ts, need none of them).

import type { LocalizedText } from './i18n.ts';
import type { Language } from './languages.ts';
import { formatKyat } from './money.ts';

export const promoMessages = {
  unknown: {
    en: 'This promo code does not exist. Please check it and try again.',
    my: 'ဤပရိုမိုကုဒ် မရှိပါ။ ကုဒ်ကို ပြန်စစ်ပြီး ထပ်ကြိုးစားပါ။',
  },
  notStarted: {
    en: 'This promo code cannot be used yet.',
    my: 'ဤပရိုမိုကုဒ်ကို အသုံးပြုနိုင်သည့် အချိန် မရောက်သေးပါ။',
  },
  expired: {
    en: 'This promo code has expired.',
    my: 'ဤပရိုမိုကုဒ် သက်တမ်းကုန်သွားပါပြီ။',
  },
  usedUp: {
    en: 'This promo code has been used up.',
    my: 'ဤပရိုမိုကုဒ်ကို အသုံးပြုခွင့် အရေအတွက် ကုန်သွားပါပြီ။',
  },
  alreadyUsed: {
    en: 'You have already used this promo code.',
    my: 'ဤပရိုမိုကုဒ်ကို သင် အသုံးပြုပြီး ဖြစ်ပါသည်။',
  },
  /** {amount}: the minimum, written with formatKyat. */
  minimumSpend: {
    en: 'This promo code needs a minimum spend of {amount}.',
    my: 'ဤပရိုမိုကုဒ်အတွက် အနည်းဆုံး {amount} ဖိုး ဝယ်ယူရန် လိုအပ်ပါသည်။',
  },
  notApplicable: {
    en: 'This promo code does not apply to the items in your cart.',
    my: 'ဤပရိုမိုကုဒ်ကို သင့်ခြင်းတောင်းထဲရှိ ပစ္စည်းများအတွက် အသုံးပြု၍ မရပါ။',
  },
} as const satisfies Record<string, LocalizedText>;

/** "This promo code needs a minimum spend of 5,000 Ks." (Burmese digits in Burmese). */
export function promoMinimumSpendMessage(minimumMmk: number, lang: Language): string {
  return promoMessages.minimumSpend[lang].replace('{amount}', formatKyat(minimumMmk, lang));
}
