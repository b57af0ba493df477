// What the back-office's shop-settings calls say (issue 17: exchange rates, call-centre contact and
// hours, festival dates, the shop's claims), in English and Burmese: the schemas' messages (localised by
// validation-messages.ts through the server's addValidationMessages) and the server's answers.

import type { LocalizedText } from './i18n.ts';

export const adminSettingsSchemaMessages = {
  rates: {
    en: 'Give a list of 1 to 50 rates, each currency once',
    my: 'ငွေလဲနှုန်း ၁ ခုမှ ၅၀ အထိ ပေးပါ (ငွေကြေးတစ်မျိုးလျှင် တစ်ကြိမ်သာ)',
  },
  currency: {
    en: 'A currency is a three-letter code, like USD',
    my: 'ငွေကြေးကုဒ်သည် USD ကဲ့သို့ စာလုံး သုံးလုံး ဖြစ်ရပါမည်',
  },
  rate: {
    en: 'A rate is the kyat for one unit: a positive number below 1,000,000,000 with at most 4 decimals',
    my: 'ငွေလဲနှုန်းသည် တစ်ယူနစ်လျှင် ကျပ်ငွေ ဖြစ်ပြီး ၁,၀၀၀,၀၀၀,၀၀၀ အောက် ဒဿမ ၄ နေရာအထိ ရှိသော အပေါင်းကိန်း ဖြစ်ရပါမည်',
  },
  active: {
    en: 'Active must be true or false',
    my: 'အသုံးပြုနိုင်မှု (active) သည် true သို့မဟုတ် false ဖြစ်ရပါမည်',
  },
  rateNothingToChange: {
    en: 'Give a rate or active for each currency',
    my: 'ငွေကြေးတစ်ခုစီအတွက် ငွေလဲနှုန်း သို့မဟုတ် အသုံးပြုနိုင်မှု ပေးပါ',
  },
  phone: {
    en: 'A phone number has 6 to 20 digits, with an optional leading + and spaces or dashes',
    my: 'ဖုန်းနံပါတ်တွင် ဂဏန်း ၆ လုံးမှ ၂၀ အထိ ပါရပါမည် (ရှေ့တွင် + နှင့် ကြားတွင် space သို့မဟုတ် - ပါနိုင်သည်)',
  },
  viber: {
    en: 'The Viber number has 6 to 20 digits, or is null for none',
    my: 'Viber နံပါတ်တွင် ဂဏန်း ၆ လုံးမှ ၂၀ အထိ ပါရပါမည် (မရှိလျှင် null)',
  },
  email: {
    en: 'Give an email address of at most 200 characters, like support@shop.example',
    my: 'support@shop.example ကဲ့သို့ စာလုံး ၂၀၀ ထက် မပိုသော အီးမေးလ်လိပ်စာ ပေးပါ',
  },
  time: {
    en: 'Opening hours are written HH:MM (24-hour clock), the opening before the closing',
    my: 'ဖွင့်ချိန်များကို HH:MM (၂၄ နာရီ စနစ်) ဖြင့် ရေးပါ၊ ဖွင့်ချိန်သည် ပိတ်ချိန်မတိုင်မီ ဖြစ်ရပါမည်',
  },
  workingDays: {
    en: 'Working days are 1 (Monday) to 7 (Sunday), at least one, each once',
    my: 'အလုပ်ရက်များသည် ၁ (တနင်္လာ) မှ ၇ (တနင်္ဂနွေ) အထိ ဖြစ်ပြီး အနည်းဆုံး တစ်ရက်၊ တစ်ရက်လျှင် တစ်ကြိမ်သာ',
  },
  callCentreNothingToChange: {
    en: 'Give at least one of phone, email, viber or hours',
    my: 'ဖုန်း၊ အီးမေးလ်၊ Viber သို့မဟုတ် ဖွင့်ချိန် အနည်းဆုံး တစ်ခုကို ပေးပါ',
  },
  festivals: {
    en: 'Give a list of at most 20 festival windows',
    my: 'ပွဲတော်ကာလ ၂၀ ထက် မပိုသော စာရင်းကို ပေးပါ',
  },
  festivalName: {
    en: 'The festival is thadingyut',
    my: 'ပွဲတော်သည် thadingyut (သီတင်းကျွတ်) ဖြစ်ရပါမည်',
  },
  festivalDate: {
    en: 'Festival days are real dates written YYYY-MM-DD, the first no later than the last',
    my: 'ပွဲတော်ရက်များကို YYYY-MM-DD ဖြင့် ရေးသော ရက်စွဲ အမှန်များ ဖြစ်ရပြီး စရက်သည် ဆုံးရက်ထက် နောက်မကျရပါ',
  },
  festivalOverlap: {
    en: 'Festival windows must not overlap',
    my: 'ပွဲတော်ကာလများ ထပ်နေ၍ မရပါ',
  },
  claims: {
    en: 'Give a list of 1 to 8 claims',
    my: 'အားသာချက် ၁ ခုမှ ၈ ခုအထိ ပေးပါ',
  },
  claimTitle: {
    en: 'Each claim needs a title in English and in Burmese, 1 to 60 characters each',
    my: 'အားသာချက်တိုင်းတွင် အင်္ဂလိပ်နှင့် မြန်မာ ခေါင်းစဉ် ပါရပြီး တစ်ခုစီ စာလုံး ၁ လုံးမှ ၆၀ အထိ ဖြစ်ရပါမည်',
  },
  claimText: {
    en: 'Each claim needs a text in English and in Burmese, 1 to 200 characters each',
    my: 'အားသာချက်တိုင်းတွင် အင်္ဂလိပ်နှင့် မြန်မာ စာသား ပါရပြီး တစ်ခုစီ စာလုံး ၁ လုံးမှ ၂၀၀ အထိ ဖြစ်ရပါမည်',
  },
} as const satisfies Record<string, LocalizedText>;

export const adminSettingsMessages = {
  unknownCurrency: {
    en: 'There is no exchange rate for {currency}',
    my: '{currency} အတွက် ငွေလဲနှုန်း မရှိပါ',
  },
  ratesUpdated: { en: 'Exchange rates updated', my: 'ငွေလဲနှုန်းများကို ပြင်ဆင်ပြီးပါပြီ' },
  callCentreUpdated: {
    en: 'Call-centre contact and hours updated',
    my: 'ဖုန်းဖြေဌာန ဆက်သွယ်ရန်နှင့် ဖွင့်ချိန်ကို ပြင်ဆင်ပြီးပါပြီ',
  },
  festivalsUpdated: { en: 'Festival dates updated', my: 'ပွဲတော်ရက်များကို ပြင်ဆင်ပြီးပါပြီ' },
  claimsUpdated: {
    en: 'Shop claims updated',
    my: 'ဆိုင်၏ အားသာချက်များကို ပြင်ဆင်ပြီးပါပြီ',
  },
  claimsCleared: {
    en: 'Shop claims removed: Home shows the built-in claims again',
    my: 'ဆိုင်၏ အားသာချက်များကို ဖယ်ရှားပြီးပါပြီ၊ ပင်မစာမျက်နှာတွင် မူလ အားသာချက်များကို ပြန်ပြပါမည်',
  },
} as const satisfies Record<string, LocalizedText>;
