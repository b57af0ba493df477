// What the bonus-point days' calls say (issue 31, ADR 0081), in English and Burmese: the schemas'
// messages (localised by validation-messages.ts through the server's addValidationMessages) and the
// server's answers.

import type { LocalizedText } from './i18n.ts';

export const bonusDaySchemaMessages = {
  bonusDayId: {
    en: 'The bonus days’ id is a UUID',
    my: 'အပိုပွိုင့်ရက်များ၏ id သည် UUID ဖြစ်ရပါမည်',
  },
  name: {
    en: 'Bonus days need a name in English and in Burmese, 1 to 60 characters each',
    my: 'အပိုပွိုင့်ရက်များတွင် အင်္ဂလိပ်နှင့် မြန်မာ အမည် ပါရပြီး တစ်ခုစီ စာလုံး ၁ လုံးမှ ၆၀ အထိ ဖြစ်ရပါမည်',
  },
  date: {
    en: 'The first and last day are real dates written YYYY-MM-DD, the last not before the first',
    my: 'စရက်နှင့် ဆုံးရက်သည် YYYY-MM-DD ဖြင့် ရေးသော ရက်စွဲ အမှန်များ ဖြစ်ရပြီး ဆုံးရက်သည် စရက်မတိုင်မီ မဖြစ်ရပါ',
  },
  multiplier: {
    en: 'The multiplier is a whole number from 2 to 5',
    my: 'အဆသည် ၂ မှ ၅ အထိ ကိန်းပြည့် ဖြစ်ရပါမည်',
  },
} as const satisfies Record<string, LocalizedText>;

export const bonusDayMessages = {
  overlap: {
    en: 'These days overlap the bonus days “{name}” ({start} to {end}): bonus windows must not overlap',
    my: 'ဤရက်များသည် “{name}” ({start} မှ {end}) အပိုပွိုင့်ရက်များနှင့် ထပ်နေပါသည်။ အပိုပွိုင့်ကာလများ ထပ်၍ မရပါ',
  },
  notFound: {
    en: 'These bonus days do not exist (they may have been deleted)',
    my: 'ဤအပိုပွိုင့်ရက်များ မရှိပါ (ဖျက်ပြီး ဖြစ်နိုင်သည်)',
  },
  created: { en: 'Bonus days added', my: 'အပိုပွိုင့်ရက်များ ထည့်ပြီးပါပြီ' },
  updated: { en: 'Bonus days updated', my: 'အပိုပွိုင့်ရက်များကို ပြင်ဆင်ပြီးပါပြီ' },
  deleted: { en: 'Bonus days deleted', my: 'အပိုပွိုင့်ရက်များကို ဖျက်ပြီးပါပြီ' },
} as const satisfies Record<string, LocalizedText>;
