// The back-office schemas' messages alone: validation-messages.ts localises these (issue 17).

import type { LocalizedText } from './i18n.ts';

export const adminSchemaMessages = {
  challengeRequired: {
    en: 'Sign in with your email and password first',
    my: 'အီးမေးလ်နှင့် စကားဝှက်ဖြင့် အရင် ဝင်ရောက်ပါ',
  },
  totpCode: {
    en: 'Enter the 6-digit code from your authenticator app',
    my: 'အထောက်အထားစစ်ဆေးရေး အက်ပ်မှ ဂဏန်း ၆ လုံး ကုဒ်ကို ထည့်ပါ',
  },
  recoveryCode: {
    en: 'Enter one of your recovery codes (like ABCD-EFGH-IJKL-MNOP)',
    my: 'သင်၏ ပြန်လည်ရယူရေးကုဒ်များထဲမှ တစ်ခုကို ထည့်ပါ',
  },
  page: { en: 'Page must be a whole number from 1', my: 'စာမျက်နှာသည် ၁ မှစသော ကိန်းပြည့် ဖြစ်ရပါမည်' },
  limit: {
    en: 'Limit must be a whole number from 1 to 100',
    my: 'အရေအတွက်သည် ၁ မှ ၁၀၀ အထိ ကိန်းပြည့် ဖြစ်ရပါမည်',
  },
  date: {
    en: 'Dates are written YYYY-MM-DD',
    my: 'ရက်စွဲကို နှစ်-လ-ရက် ပုံစံဖြင့် ရေးပါ',
  },
  search: {
    en: 'Search text can be at most 100 characters',
    my: 'ရှာဖွေစာသားသည် စာလုံး ၁၀၀ ထက် မပိုရပါ',
  },
  orderStatus: {
    en: 'Status must be pending, processing, completed, failed or cancelled',
    my: 'မှာယူမှု အခြေအနေ မမှန်ကန်ပါ (စောင့်ဆိုင်းဆဲ၊ လုပ်ဆောင်နေဆဲ၊ ပြီးဆုံး၊ မအောင်မြင်၊ ပယ်ဖျက်ပြီး)',
  },
  productStatus: {
    en: 'Status must be active, out_of_stock, coming_soon or archived',
    my: 'ပစ္စည်း အခြေအနေ မမှန်ကန်ပါ (ရောင်းချဆဲ၊ ကုန်နေ၊ မကြာမီ ရောက်မည်၊ သိမ်းဆည်းပြီး)',
  },
  price: {
    en: 'A price is a whole number of kyat from 1 to 10,000,000',
    my: 'ဈေးနှုန်းသည် ၁ မှ ၁၀,၀၀၀,၀၀၀ ကျပ်အထိ ကိန်းပြည့် ဖြစ်ရပါမည်',
  },
  nothingToChange: {
    en: 'Give at least one field to change',
    my: 'ပြောင်းလဲမည့် အကွက် အနည်းဆုံး တစ်ခုကို ပေးပါ',
  },
  productName: {
    en: 'A product name in English and Burmese is 1 to 120 characters',
    my: 'ပစ္စည်းအမည်ကို အင်္ဂလိပ်နှင့် မြန်မာ နှစ်ဘာသာဖြင့် စာလုံး ၁ လုံးမှ ၁၂၀ အထိ ရေးပါ',
  },
  productDescription: {
    en: 'A description in English and Burmese is at most 2,000 characters',
    my: 'ဖော်ပြချက်ကို အင်္ဂလိပ်နှင့် မြန်မာ နှစ်ဘာသာဖြင့် စာလုံး ၂,၀၀၀ ထက် မပိုဘဲ ရေးပါ',
  },
  productOperator: {
    en: 'Operator must be MPT, OOREDOO, ATOM, MYTEL, MEC or none',
    my: 'အော်ပရေတာသည် MPT၊ OOREDOO၊ ATOM၊ MYTEL၊ MEC သို့မဟုတ် မရှိ ဖြစ်ရပါမည်',
  },
  sortOrder: {
    en: 'Sort order is a whole number from 0 to 100,000',
    my: 'စီစဉ်မှု အစဉ်သည် ၀ မှ ၁၀၀,၀၀၀ အထိ ကိန်းပြည့် ဖြစ်ရပါမည်',
  },
  categoryId: { en: 'Choose a category', my: 'အမျိုးအစားတစ်ခုကို ရွေးပါ' },
  productKind: {
    en: 'Kind must be topup, data, epin or giftcard',
    my: 'ပစ္စည်းအမျိုးအစားသည် topup (ဖုန်းငွေဖြည့်)၊ data (ဒေတာ)၊ epin သို့မဟုတ် giftcard (လက်ဆောင်ကတ်) ဖြစ်ရပါမည်',
  },
  operatorRequired: {
    en: 'A top-up or data package needs its operator: MPT, OOREDOO, ATOM, MYTEL or MEC',
    my: 'ဖုန်းငွေဖြည့်နှင့် ဒေတာပက်ကေ့ချ်တွင် အော်ပရေတာ (MPT၊ OOREDOO၊ ATOM၊ MYTEL သို့မဟုတ် MEC) ကို ရွေးရပါမည်',
  },
  dataMb: {
    en: 'Data volume is a whole number of MB from 1 to 1,048,576',
    my: 'ဒေတာပမာဏသည် ၁ မှ ၁,၀၄၈,၅၇၆ MB အထိ ကိန်းပြည့် ဖြစ်ရပါမည်',
  },
  validityDays: {
    en: 'Validity is a whole number of days from 1 to 365',
    my: 'သက်တမ်းသည် ၁ ရက်မှ ၃၆၅ ရက်အထိ ကိန်းပြည့် ဖြစ်ရပါမည်',
  },
  faceValue: {
    en: 'A gift card’s face value is a whole number of cents (minor units of its currency) from 1 to 100,000,000: US$10 is 1000',
    my: 'လက်ဆောင်ကတ်၏ မျက်နှာတန်ဖိုးကို ၎င်း၏ငွေကြေး၏ အသေးဆုံးယူနစ် (ဆင့်) ဖြင့် ၁ မှ ၁၀၀,၀၀၀,၀၀၀ အထိ ကိန်းပြည့် ရေးပါ: US$၁၀ သည် ၁၀၀၀ ဖြစ်သည်',
  },
  faceCurrency: {
    en: 'A gift card’s currency is a three-letter code such as USD',
    my: 'လက်ဆောင်ကတ်၏ ငွေကြေးကို USD ကဲ့သို့ အက္ခရာ သုံးလုံး ကုဒ်ဖြင့် ရေးပါ',
  },
  productInstructions: {
    en: 'How to redeem is written in English and Burmese, at most 1,000 characters each, or left empty in both',
    my: 'အသုံးပြုနည်းကို အင်္ဂလိပ်နှင့် မြန်မာ နှစ်ဘာသာလုံးဖြင့် စာလုံး ၁,၀၀၀ စီထက် မပိုဘဲ ရေးပါ၊ သို့မဟုတ် နှစ်ခုလုံး ကွက်လပ်ထားပါ',
  },
  instructionsCodesOnly: {
    en: 'Only E-PINs and gift cards have redeem instructions: they are shown with the delivered codes',
    my: 'E-PIN နှင့် လက်ဆောင်ကတ်များတွင်သာ အသုံးပြုနည်း ရှိပါသည်။ ၎င်းကို ပို့ပေးသော ကုဒ်များနှင့်အတူ ပြပါသည်',
  },
  productSource: {
    en: 'The source of a card’s codes is stock (imported) or reloadly (bought on demand)',
    my: 'ကတ်ကုဒ်များ၏ ရင်းမြစ်သည် stock (တင်သွင်းထားသော) သို့မဟုတ် reloadly (လိုအပ်မှ ဝယ်ယူသော) ဖြစ်ရပါမည်',
  },
  reloadlyProduct: {
    en: 'Cards bought on demand need Reloadly’s product id (a whole number) and its unit price (up to 2 decimals, e.g. 10.00); only E-PINs and gift cards can be bought on demand',
    my: 'လိုအပ်မှ ဝယ်ယူသော ကတ်များအတွက် Reloadly ၏ ပစ္စည်း id (ကိန်းပြည့်) နှင့် ယူနစ်ဈေးနှုန်း (ဒသမ ၂ နေရာအထိ၊ ဥပမာ 10.00) လိုအပ်ပါသည်။ E-PIN နှင့် လက်ဆောင်ကတ်များသာ လိုအပ်မှ ဝယ်ယူနိုင်ပါသည်',
  },
  kindFieldsOnly: {
    en: 'Give only the fields of the product’s kind (data: dataMb, validityDays; gift card: faceValue)',
    my: 'ပစ္စည်းအမျိုးအစားနှင့် သက်ဆိုင်သော အကွက်များကိုသာ ပေးပါ (ဒေတာ: dataMb၊ validityDays၊ လက်ဆောင်ကတ်: faceValue)',
  },
  sku: {
    en: 'A SKU is 1 to 40 letters, digits, "-" or "_", starting with a letter or digit',
    my: 'SKU သည် အင်္ဂလိပ်အက္ခရာ သို့မဟုတ် ဂဏန်းဖြင့် စတင်ပြီး အက္ခရာ၊ ဂဏန်း၊ "-" သို့မဟုတ် "_" စာလုံး ၁ လုံးမှ ၄၀ အထိ ဖြစ်ရပါမည်',
  },
  discountBelowPrice: {
    en: 'The discount price must be below the price',
    my: 'လျှော့ဈေးသည် ဈေးနှုန်းထက် နည်းရပါမည်',
  },
  productId: { en: 'Product not found', my: 'ပစ္စည်းကို ရှာမတွေ့ပါ' },
  promoCode: {
    en: 'A promo code is 1 to 32 letters, digits, "-" or "_"',
    my: 'ပရိုမိုကုဒ်သည် အင်္ဂလိပ်အက္ခရာ၊ ဂဏန်း၊ "-" သို့မဟုတ် "_" ဖြင့် စာလုံး ၁ လုံးမှ ၃၂ လုံးအထိ ဖြစ်ရပါမည်',
  },
  promoKind: {
    en: 'Kind must be percent or fixed',
    my: 'လျှော့ဈေး ပုံစံသည် percent (ရာခိုင်နှုန်း) သို့မဟုတ် fixed (ပုံသေ ပမာဏ) ဖြစ်ရပါမည်',
  },
  promoValue: {
    en: 'Value is a whole number from 1 to 10,000,000',
    my: 'လျှော့ဈေး တန်ဖိုးသည် ၁ မှ ၁၀,၀၀၀,၀၀၀ အထိ ကိန်းပြည့် ဖြစ်ရပါမည်',
  },
  promoPercent: {
    en: 'A percent discount is at most 100',
    my: 'ရာခိုင်နှုန်း လျှော့ဈေးသည် ၁၀၀ ထက် မပိုရပါ',
  },
  minimumSpend: {
    en: 'Minimum spend is a whole number of kyat from 0 to 10,000,000',
    my: 'အနည်းဆုံး ဝယ်ယူရမည့် ပမာဏသည် ၀ မှ ၁၀,၀၀၀,၀၀၀ ကျပ်အထိ ကိန်းပြည့် ဖြစ်ရပါမည်',
  },
  promoTime: {
    en: 'Start and end must be a date and time with a time zone (ISO 8601), or null',
    my: 'စတင်ချိန်နှင့် ပြီးဆုံးချိန်တွင် ရက်စွဲ၊ အချိန်နှင့် အချိန်ဇုန် ပါရပါမည် (သို့မဟုတ် null)',
  },
  promoEndAfterStart: {
    en: 'The end must be after the start',
    my: 'ပြီးဆုံးချိန်သည် စတင်ချိန်ထက် နောက်ကျရပါမည်',
  },
  promoLimit: {
    en: 'A use limit is a whole number from 1 to 1,000,000, or null for no limit',
    my: 'အသုံးပြုခွင့် အကန့်အသတ်သည် ၁ မှ ၁,၀၀၀,၀၀၀ အထိ ကိန်းပြည့် ဖြစ်ရပါမည် (အကန့်အသတ် မထားလိုလျှင် null)',
  },
  promoCategories: {
    en: 'Categories are a list of 1 to 50 category ids, or null for every category',
    my: 'အမျိုးအစားများသည် အမျိုးအစား အိုင်ဒီ ၁ ခုမှ ၅၀ ခုအထိ စာရင်း ဖြစ်ရပါမည် (အမျိုးအစားအားလုံးအတွက် null)',
  },
  promoActive: {
    en: 'Active must be true or false',
    my: 'အသုံးပြုနိုင်မှု (active) သည် true သို့မဟုတ် false ဖြစ်ရပါမည်',
  },
  promoStatus: {
    en: 'Status must be active, scheduled, expired or inactive',
    my: 'ပရိုမိုကုဒ် အခြေအနေ မမှန်ကန်ပါ (အသုံးပြုနိုင်ဆဲ၊ စတင်ရန် စောင့်ဆဲ၊ သက်တမ်းကုန်ပြီး၊ ပိတ်ထားသည်)',
  },
  promoNothingToChange: {
    en: 'Give at least one of active, endsAt or totalLimit',
    my: 'အသုံးပြုနိုင်မှု၊ ပြီးဆုံးချိန် သို့မဟုတ် စုစုပေါင်း အကန့်အသတ် အနည်းဆုံး တစ်ခုကို ပေးပါ',
  },
  promoId: { en: 'Promo code not found', my: 'ပရိုမိုကုဒ်ကို ရှာမတွေ့ပါ' },
  orderId: { en: 'Order not found', my: 'အော်ဒါကို ရှာမတွေ့ပါ' },
  orderItemId: {
    en: 'Order line not found',
    my: 'အော်ဒါတွင် ဤပစ္စည်းကို ရှာမတွေ့ပါ',
  },
  refundDestination: {
    en: 'Destination must be points or bank',
    my: 'ငွေပြန်အမ်းမည့်နေရာသည် points (ပွိုင့်) သို့မဟုတ် bank (ဘဏ်) ဖြစ်ရပါမည်',
  },
  refundReference: {
    en: 'A bank refund needs the payout reference (1 to 100 characters)',
    my: 'ဘဏ်မှ ငွေပြန်အမ်းရန် ငွေလွှဲ ရည်ညွှန်းနံပါတ် (စာလုံး ၁ လုံးမှ ၁၀၀ အထိ) လိုအပ်ပါသည်',
  },
  refundReferenceText: {
    en: 'The payout reference contains a character that cannot be used',
    my: 'ငွေလွှဲ ရည်ညွှန်းနံပါတ်တွင် အသုံးပြု၍ မရသော စာလုံး ပါဝင်နေပါသည်',
  },
  paymentId: { en: 'Payment not found', my: 'ငွေပေးချေမှုကို ရှာမတွေ့ပါ' },
  unknownPaymentFinding: {
    en: 'Finding must be paid or not_paid',
    my: 'တွေ့ရှိချက်သည် paid (ငွေရရှိ) သို့မဟုတ် not_paid (ငွေမရရှိ) ဖြစ်ရပါမည်',
  },
  unknownPaymentState: {
    en: 'State must be unresolved or resolved',
    my: 'အခြေအနေသည် unresolved (မဖြေရှင်းရသေး) သို့မဟုတ် resolved (ဖြေရှင်းပြီး) ဖြစ်ရပါမည်',
  },
  resolveDelivered: {
    en: 'Delivered must be true or false',
    my: 'ရောက်ရှိမှု (delivered) သည် true သို့မဟုတ် false ဖြစ်ရပါမည်',
  },
} as const satisfies Record<string, LocalizedText>;
