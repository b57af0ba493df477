// The push subscription schema's message alone (validation-messages.ts takes it).

import type { LocalizedText } from './i18n.ts';

/** The schemas' messages (validation-messages.ts localises them). */
export const notificationSchemaMessages = {
  invalidSubscription: {
    en: 'This push subscription is not valid',
    my: 'ဤ အသိပေးချက် စာရင်းသွင်းမှု မမှန်ကန်ပါ',
  },
} as const satisfies Record<string, LocalizedText>;
