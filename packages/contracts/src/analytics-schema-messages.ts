// The analytics schema's messages alone (validation-messages.ts takes them).

import type { LocalizedText } from './i18n.ts';

/** The schemas' messages (validation-messages.ts localises them). */
export const analyticsSchemaMessages = {
  consentRequired: {
    en: 'Analytics events are accepted only after cookie consent',
    my: 'ကွတ်ကီး သဘောတူမှသာ ခွဲခြမ်းစိတ်ဖြာမှု မှတ်တမ်းများကို လက်ခံပါသည်',
  },
  invalidEvents: {
    en: 'Analytics events are not valid',
    my: 'ခွဲခြမ်းစိတ်ဖြာမှု မှတ်တမ်းများ မမှန်ကန်ပါ',
  },
} as const satisfies Record<string, LocalizedText>;
