// The saved recipients' messages (issue 31, "a family abroad") in every shop language, apart from
// their schemas (validation-messages.ts takes the schema messages).

import type { LocalizedText } from './i18n.ts';

/** How many numbers one account may keep: a family's, not a reseller's address book. */
export const RECIPIENTS_PER_ACCOUNT_MAX = 20;
/** A recipient's name ("Mum", "Ko Aung"), trimmed. */
export const RECIPIENT_NAME_MAX = 40;

/** "Remind me to top up every N days" (issue 31): the choices offered, in days. */
export const reminderIntervals = [7, 14, 30] as const;
export type ReminderInterval = (typeof reminderIntervals)[number];
/** Reminders in a row with no paid order to the number after them: then it turns itself off. */
export const REMINDER_IGNORED_MAX = 3;

/** The schemas' messages (validation-messages.ts localises them). */
export const recipientSchemaMessages = {
  nameRequired: { en: 'Enter a name for this number', my: 'ဤနံပါတ်အတွက် အမည်တစ်ခု ထည့်ပါ' },
  nameTooLong: {
    en: `The name can be at most ${RECIPIENT_NAME_MAX} characters`,
    my: 'အမည်သည် စာလုံး ၄၀ ထက် မပိုရပါ',
  },
  invalidOperator: { en: 'Choose an operator', my: 'အော်ပရေတာ တစ်ခု ရွေးပါ' },
  invalidProduct: { en: 'This product is not valid', my: 'ဤပစ္စည်း မမှန်ကန်ပါ' },
  invalidReminder: {
    en: 'Choose a reminder every 7, 14 or 30 days',
    my: 'သတိပေးချက်ကို ၇ ရက်၊ ၁၄ ရက် သို့မဟုတ် ၃၀ ရက်တစ်ကြိမ် ရွေးပါ',
  },
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
  reminderNeedsProduct: {
    en: 'Choose a usual product first: the reminder brings a cart with it',
    my: 'သတိပေးချက်တွင် ဈေးခြင်းတောင်း အဆင်သင့်ပါရန် ပုံမှန်ဝယ်သော ပစ္စည်းကို အရင်ရွေးပါ',
  },
  loginRequired: {
    en: 'Please log in to see your saved numbers',
    my: 'သိမ်းထားသော နံပါတ်များကို ကြည့်ရန် အကောင့်ဝင်ပါ',
  },
} as const satisfies Record<string, LocalizedText>;

/**
 * The reminder's push and e-mail (issue 31), in the language the customer turned it on in (the
 * push: each device's own). {name} the saved name, {number} masked, {product} what the ready cart
 * holds ("MPT 5,000 Ks", or "2 × MPT 1,000 Ks"), {price} its total, {days} the interval.
 */
export const reminderTexts = {
  title: { en: 'Time to top up {name}', my: '{name} အတွက် ငွေဖြည့်ချိန် ရောက်ပါပြီ' },
  body: {
    en: 'Time to top up {name} ({number}): {product}. Tap for a ready cart.',
    my: '{name} ({number}) အတွက် ငွေဖြည့်ချိန် ရောက်ပါပြီ- {product}။ အဆင်သင့် ဈေးခြင်းတောင်းအတွက် နှိပ်ပါ။',
  },
  bodyNoProduct: {
    en: 'Time to top up {name} ({number}). Tap to choose a top-up.',
    my: '{name} ({number}) အတွက် ငွေဖြည့်ချိန် ရောက်ပါပြီ။ ငွေဖြည့်ရန် ရွေးချယ်ရန် နှိပ်ပါ။',
  },
  emailSubject: {
    en: 'Time to top up {name} ({number})',
    my: '{name} ({number}) အတွက် ငွေဖြည့်ချိန် ရောက်ပါပြီ',
  },
  emailReady: {
    en: 'Your cart is ready: {product} for {number}, {price}. Open it and pay with one tap:',
    my: 'သင့်ဈေးခြင်းတောင်း အဆင်သင့်ဖြစ်ပါပြီ- {number} အတွက် {product}၊ {price}။ ဖွင့်ပြီး တစ်ချက်နှိပ်ရုံဖြင့် ပေးချေပါ-',
  },
  emailChoose: {
    en: 'Open the shop to choose a top-up for {number}:',
    my: '{number} အတွက် ငွေဖြည့်ရန် ဆိုင်ကို ဖွင့်ပါ-',
  },
  emailWhy: {
    en: 'You asked us to remind you every {days} days. MM QR payments cannot be taken without you, so we remind you instead of topping up on our own.',
    my: 'သင်က {days} ရက်တစ်ကြိမ် သတိပေးရန် တောင်းဆိုထားပါသည်။ MM QR ငွေပေးချေမှုကို သင်မပါဘဲ မယူနိုင်သဖြင့် ကိုယ်တိုင် ငွေဖြည့်မည့်အစား သတိပေးခြင်း ဖြစ်ပါသည်။',
  },
  emailStop: {
    en: 'To stop these reminders, turn them off on your saved numbers page. They stop by themselves after 3 reminders in a row without a top-up.',
    my: 'ဤသတိပေးချက်များကို ရပ်ရန် သိမ်းထားသော နံပါတ်များ စာမျက်နှာတွင် ပိတ်ပါ။ ငွေမဖြည့်ဘဲ သတိပေးချက် ၃ ကြိမ် ဆက်တိုက်ဖြစ်ပါက အလိုအလျောက် ရပ်ပါမည်။',
  },
} as const satisfies Record<string, LocalizedText>;

/**
 * A saved number as a lock screen or an inbox may show it: "0925•••881". Enough for the customer
 * to know which number it is next to the name they gave it; not the whole number.
 */
export function maskedRecipientNumber(phoneNumber: string): string {
  const local = phoneNumber.startsWith('95') ? `0${phoneNumber.slice(2)}` : phoneNumber;
  if (local.length <= 7) return local;
  return `${local.slice(0, 4)}${'•'.repeat(local.length - 7)}${local.slice(-3)}`;
}

/** Fills {name}-style holes of a reminder text. */
export const fillReminderText = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (hole, key: string) => values[key] ?? hole);
