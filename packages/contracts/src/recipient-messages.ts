// The saved recipients' messages (issue 31, "a family abroad") in every shop language, apart from
// their schemas (validation-messages.ts takes the schema messages).

import type { LocalizedText } from './i18n.ts';

/** How many numbers one account may keep: a family's, not a reseller's address book. */
export const RECIPIENTS_PER_ACCOUNT_MAX = 20;
/** A recipient's name ("Mum", "Ko Aung"), trimmed. */
export const RECIPIENT_NAME_MAX = 40;

/** The schemas' messages (validation-messages.ts localises them). */
export const recipientSchemaMessages = {
  nameRequired: { en: 'Enter a name for this number', my: 'ဤနံပါတ်အတွက် အမည်တစ်ခု ထည့်ပါ' },
  nameTooLong: {
    en: `The name can be at most ${RECIPIENT_NAME_MAX} characters`,
    my: 'အမည်သည် စာလုံး ၄၀ ထက် မပိုရပါ',
  },
  invalidOperator: { en: 'Choose an operator', my: 'အော်ပရေတာ တစ်ခု ရွေးပါ' },
  invalidProduct: { en: 'This product is not valid', my: 'ဤပစ္စည်း မမှန်ကန်ပါ' },
  nothingToChange: {
    en: 'Give at least one field to change',
    my: 'ပြောင်းလဲမည့် အကွက် အနည်းဆုံး တစ်ခုကို ပေးပါ',
  },
} as const satisfies Record<string, LocalizedText>;

export const recipientMessages = {
  ...recipientSchemaMessages,
  listed: { en: 'Saved numbers retrieved', my: 'သိမ်းထားသော နံပါတ်များကို ရယူပြီးပါပြီ' },
  created: { en: 'Number saved', my: 'နံပါတ် သိမ်းပြီးပါပြီ' },
  updated: { en: 'Saved number updated', my: 'သိမ်းထားသော နံပါတ်ကို ပြင်ပြီးပါပြီ' },
  deleted: { en: 'Saved number deleted', my: 'သိမ်းထားသော နံပါတ်ကို ဖျက်ပြီးပါပြီ' },
  notFound: { en: 'Saved number not found', my: 'သိမ်းထားသော နံပါတ် မတွေ့ပါ' },
  duplicate: {
    en: 'This number is already saved',
    my: 'ဤနံပါတ်ကို သိမ်းထားပြီး ဖြစ်ပါသည်',
  },
  tooMany: {
    en: `You can save up to ${RECIPIENTS_PER_ACCOUNT_MAX} numbers. Delete one to add another.`,
    my: 'နံပါတ် ၂၀ အထိသာ သိမ်းနိုင်ပါသည်။ နောက်တစ်ခု ထည့်ရန် တစ်ခုကို ဖျက်ပါ။',
  },
  productNotForNumber: {
    en: 'This product cannot be sent to this number',
    my: 'ဤပစ္စည်းကို ဤနံပါတ်သို့ ပို့၍ မရပါ',
  },
  loginRequired: {
    en: 'Please log in to see your saved numbers',
    my: 'သိမ်းထားသော နံပါတ်များကို ကြည့်ရန် အကောင့်ဝင်ပါ',
  },
} as const satisfies Record<string, LocalizedText>;
