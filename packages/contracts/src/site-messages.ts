// The analytics call's messages in every shop language, apart from its schemas (validation-messages.ts).

import type { LocalizedText } from './i18n.ts';
import { analyticsSchemaMessages } from './analytics-schema-messages.ts';

export { analyticsSchemaMessages } from './analytics-schema-messages.ts';

export const analyticsMessages = {
  ...analyticsSchemaMessages,
  recorded: { en: 'Events recorded', my: 'မှတ်တမ်းတင်ပြီးပါပြီ' },
} as const satisfies Record<string, LocalizedText>;
