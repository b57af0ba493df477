// The sharing calls' messages and the note screen's categories in every shop language, on their
// own so that the form messages (validation-messages.ts) need none of the sharing schemas.

import type { LocalizedText } from './i18n.ts';
import { shareSchemaMessages } from './share-schema-messages.ts';

export { shareSchemaMessages } from './share-schema-messages.ts';

export const shareMessages = {
  ...shareSchemaMessages,
  loginRequired: {
    en: 'You must be logged in to share orders',
    my: 'အော်ဒါများကို မျှဝေရန် အကောင့်ဝင်ရပါမည်',
  },
  linkCreated: { en: 'Share link generated', my: 'မျှဝေရန် လင့်ခ် ထုတ်ပြီးပါပြီ' },
  linkExists: { en: 'Share link already exists', my: 'မျှဝေရန် လင့်ခ် ရှိပြီးသားဖြစ်ပါသည်' },
  sharingDisabled: { en: 'Sharing disabled', my: 'မျှဝေခြင်းကို ပိတ်လိုက်ပါပြီ' },
  onlyCompleted: {
    en: 'Only completed orders can be shared',
    my: 'ပြီးဆုံးသော အော်ဒါများကိုသာ မျှဝေနိုင်ပါသည်',
  },
  failedNotShareable: {
    en: 'Failed orders cannot be shared',
    my: 'မအောင်မြင်သော အော်ဒါများကို မျှဝေ၍ မရပါ',
  },
  cancelledNotShareable: {
    en: 'Cancelled orders cannot be shared',
    my: 'ပယ်ဖျက်ထားသော အော်ဒါများကို မျှဝေ၍ မရပါ',
  },
  sharingTurnedOff: {
    en: 'Sharing is turned off for this order because a card was scratched or an invoice was generated',
    my: 'ကတ်ကို ခြစ်ပြီး (သို့) ငွေတောင်းခံလွှာ ထုတ်ပြီးဖြစ်၍ ဤအော်ဒါကို မျှဝေ၍ မရတော့ပါ',
  },
  inappropriateContent: {
    en: 'Your message contains inappropriate content. Please revise it.',
    my: 'သင့်စာတွင် မသင့်လျော်သော အကြောင်းအရာ ပါဝင်နေပါသည်။ ပြင်ဆင်ပေးပါ။',
  },
  inappropriateCharacters: {
    en: 'Your note contains inappropriate characters. Please fix it.',
    my: 'သင့်မှတ်စုတွင် မသင့်လျော်သော စာလုံးများ ပါဝင်နေပါသည်။ ပြင်ပေးပါ။',
  },
  noteValidationFailed: {
    en: 'Note validation failed. Please try again.',
    my: 'မှတ်စုကို စစ်ဆေး၍ မရပါ။ ထပ်စမ်းကြည့်ပါ။',
  },
  shareNotFound: {
    en: 'This link may not exist or has expired',
    my: 'ဤလင့်ခ်သည် မရှိတော့ခြင်း (သို့) သက်တမ်းကုန်သွားခြင်း ဖြစ်နိုင်ပါသည်',
  },
  shareFetched: { en: 'Shared order retrieved', my: 'မျှဝေထားသော အော်ဒါကို ရယူပြီးပါပြီ' },
  typesFetched: { en: 'Share types retrieved', my: 'မျှဝေမှု အမျိုးအစားများကို ရယူပြီးပါပြီ' },
  typeAdded: { en: 'Share type added', my: 'မျှဝေမှု အမျိုးအစား ထည့်ပြီးပါပြီ' },
  typeDeleted: { en: 'Share type deleted', my: 'မျှဝေမှု အမျိုးအစားကို ဖျက်ပြီးပါပြီ' },
  typeNotFound: { en: 'Share type not found', my: 'မျှဝေမှု အမျိုးအစားကို ရှာမတွေ့ပါ' },
  typeExists: {
    en: 'A share type with this title already exists',
    my: 'ဤအမည်ဖြင့် မျှဝေမှု အမျိုးအစား ရှိပြီးသားဖြစ်ပါသည်',
  },
  typeLimit: {
    en: 'You can have at most 5 share types. Delete one to add another.',
    my: 'မျှဝေမှု အမျိုးအစား ၅ ခုအထိသာ ထားနိုင်ပါသည်။ အသစ်ထည့်ရန် တစ်ခုကို ဖျက်ပါ။',
  },
  styleGenerated: { en: 'Style generated', my: 'ပုံစံ ဖန်တီးပြီးပါပြီ' },
  aiLimitReached: {
    en: "You have used today's AI styles. Try again tomorrow.",
    my: 'ယနေ့အတွက် ဉာဏ်ရည်တု ပုံစံများ ကုန်သွားပါပြီ။ မနက်ဖြန် ထပ်စမ်းပါ။',
  },
  aiLimitFetched: { en: 'AI limit status retrieved', my: 'ဉာဏ်ရည်တု ကန့်သတ်ချက် အခြေအနေကို ရယူပြီးပါပြီ' },
} as const satisfies Record<string, LocalizedText>;

/** Why a note was refused (spec §5 categories, plus control and format characters). */
export const screenCategories = [
  'inappropriate_language',
  'spam',
  'content_quality',
  'toxic',
  'hate_speech',
  'insulting',
  'threatening',
  'inappropriate_characters',
] as const;
export type ScreenCategoryName = (typeof screenCategories)[number];

/** The categories' names as the spec gives them (spec §5), for the error answer. */
export const screenCategoryTexts: Record<ScreenCategoryName, LocalizedText> = {
  inappropriate_language: { en: 'inappropriate language', my: 'မသင့်လျော်သော စကားလုံး' },
  spam: { en: 'spam', my: 'စပမ်း' },
  content_quality: { en: 'content quality', my: 'အကြောင်းအရာ အရည်အသွေး' },
  toxic: { en: 'toxic', my: 'အဆိပ်အတောက်ဖြစ်သော စကား' },
  hate_speech: { en: 'hate speech', my: 'အမုန်းစကား' },
  insulting: { en: 'insulting', my: 'စော်ကားသော စကား' },
  threatening: { en: 'threatening', my: 'ခြိမ်းခြောက်သော စကား' },
  inappropriate_characters: { en: 'inappropriate characters', my: 'မသင့်လျော်သော စာလုံးများ' },
};
