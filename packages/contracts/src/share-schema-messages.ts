// The sharing schemas' messages alone: validation-messages.ts (in the web's form pages) takes these
// and nothing else of the sharing calls' texts.

import type { LocalizedText } from './i18n.ts';

/** The schemas' messages (validation-messages.ts localises them; nothing else of this file goes with them). */
export const shareSchemaMessages = {
  chooseType: { en: 'Choose a share type', my: 'မျှဝေမှု အမျိုးအစား ရွေးပါ' },
  noteTooLong: {
    en: 'The note can be at most 300 characters',
    my: 'မှတ်စုကို စာလုံး ၃၀၀ အထိသာ ရေးနိုင်ပါသည်',
  },
  titleRequired: {
    en: 'Enter a title of 1 to 30 characters',
    my: 'စာလုံး ၁ မှ ၃၀ အထိ အမည်တစ်ခု ထည့်ပါ',
  },
} as const satisfies Record<string, LocalizedText>;
