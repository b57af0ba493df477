// What the back-office customer management and reports say (issue 17), in English and Burmese:
// adminCustomerMessages are the server's answers, adminCustomerSchemaMessages the schemas' own
// (English in the schemas, localised by validation-messages.ts like adminSchemaMessages).

import type { LocalizedText } from './i18n.ts';

export const adminCustomerMessages = {
  customerNotFound: { en: 'Customer not found', my: 'ဖောက်သည်ကို ရှာမတွေ့ပါ' },
  pointsAdjusted: { en: 'Points adjusted', my: 'ပွိုင့်များကို ချိန်ညှိပြီးပါပြီ' },
  pointsWouldGoNegative: {
    en: 'The deduction is more than the customer’s points balance; nothing was changed',
    my: 'နုတ်ယူမည့် ပွိုင့်သည် ဖောက်သည်၏ လက်ကျန်ပွိုင့်ထက် များနေပါသည်။ မည်သည့်အရာကိုမျှ မပြောင်းလဲပါ',
  },
  customerBlocked: { en: 'Account blocked', my: 'အကောင့်ကို ပိတ်ပြီးပါပြီ' },
  customerUnblocked: { en: 'Account unblocked', my: 'အကောင့်ကို ပြန်ဖွင့်ပြီးပါပြီ' },
  cannotBlockSelf: {
    en: 'You cannot block your own account',
    my: 'သင့်ကိုယ်ပိုင် အကောင့်ကို ပိတ်၍ မရပါ',
  },
  cannotBlockStaff: {
    en: 'Staff accounts cannot be blocked here',
    my: 'ဝန်ထမ်းအကောင့်များကို ဤနေရာမှ ပိတ်၍ မရပါ',
  },
  cannotAdjustStaff: {
    en: 'Staff accounts have no loyalty points to adjust',
    my: 'ဝန်ထမ်းအကောင့်များတွင် ချိန်ညှိရန် ပွိုင့် မရှိပါ',
  },
} as const satisfies Record<string, LocalizedText>;

export const adminCustomerSchemaMessages = {
  customerId: { en: 'Customer not found', my: 'ဖောက်သည်ကို ရှာမတွေ့ပါ' },
  points: {
    en: 'Points must be a whole number from -1,000,000 to 1,000,000, and not 0',
    my: 'ပွိုင့်သည် -၁,၀၀၀,၀၀၀ မှ ၁,၀၀၀,၀၀၀ အထိ ကိန်းပြည့် ဖြစ်ရပြီး ၀ မဖြစ်ရပါ',
  },
  reason: {
    en: 'Give a reason of 3 to 200 characters',
    my: 'စာလုံး ၃ လုံးမှ ၂၀၀ လုံးအထိ အကြောင်းပြချက် ထည့်ပါ',
  },
  reasonCharacters: {
    en: 'The reason cannot contain control characters or broken text',
    my: 'အကြောင်းပြချက်တွင် ထိန်းချုပ်အက္ခရာများ သို့မဟုတ် ပျက်နေသော စာသား မပါရပါ',
  },
  reportDate: {
    en: 'Give from and to as dates written YYYY-MM-DD',
    my: 'စတင်ရက် (from) နှင့် ပြီးဆုံးရက် (to) ကို နှစ်-လ-ရက် ပုံစံဖြင့် ပေးပါ',
  },
  reportRange: {
    en: 'The start date must not be after the end date',
    my: 'စတင်ရက်သည် ပြီးဆုံးရက်ထက် နောက်မကျရပါ',
  },
  reportTooLong: {
    en: 'A report covers at most 366 days',
    my: 'အစီရင်ခံစာ တစ်ခုသည် ရက်ပေါင်း ၃၆၆ ရက်အထိသာ ပါဝင်နိုင်ပါသည်',
  },
} as const satisfies Record<string, LocalizedText>;
