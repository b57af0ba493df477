// The Web Push calls' messages in every shop language, apart from their schemas (validation-messages.ts).

import type { LocalizedText } from './i18n.ts';
import { notificationSchemaMessages } from './notification-schema-messages.ts';

export { notificationSchemaMessages } from './notification-schema-messages.ts';

export const notificationMessages = {
  ...notificationSchemaMessages,
  vapidKey: { en: 'Push key retrieved', my: 'အသိပေးချက် ကီးကို ရယူပြီးပါပြီ' },
  subscribed: {
    en: 'Notifications are on for this device',
    my: 'ဤစက်အတွက် အသိပေးချက်များ ဖွင့်ပြီးပါပြီ',
  },
  unsubscribed: {
    en: 'Notifications are off for this device',
    my: 'ဤစက်အတွက် အသိပေးချက်များ ပိတ်ပြီးပါပြီ',
  },
  loginRequired: {
    en: 'Please log in to turn on notifications',
    my: 'အသိပေးချက်များ ဖွင့်ရန် အကောင့်ဝင်ပါ',
  },
} as const satisfies Record<string, LocalizedText>;
