/**
 * What the help assistant knows (ADR 0031): the shop's common questions, each with the words that
 * point to it in English and Burmese, and the page that goes further. The answers are strings
 * (content/messages.*.json, helpAssistant.topics.<id>); matching runs on the device, so nothing a
 * customer types leaves it.
 */
export interface HelpTopic {
  id: string;
  /** Lower case; Latin ones match at the start of a word ("pay" finds "payment"). */
  keywords: readonly string[];
  /** A page of the shop that goes further, with a link label (helpAssistant.topics.<id>.link). */
  link?: string;
}

export const helpTopics: readonly HelpTopic[] = [
  {
    id: 'pay',
    keywords: [
      'pay',
      'qr',
      'wallet',
      'bank',
      'scan',
      'expire',
      'minimum',
      'ငွေပေး',
      'ငွေချေ',
      'ပေးချေ',
      'ဝေါလက်',
      'ဘဏ်',
      'စကင်',
      'သက်တမ်း',
    ],
  },
  {
    id: 'delivery',
    keywords: [
      'deliver',
      'receive',
      'arrive',
      'when',
      'code',
      'pin',
      'email',
      'top-up',
      'topup',
      'ရောက်',
      'ရရှိ',
      'ဘယ်အချိန်',
      'ကုဒ်',
      'အီးမေးလ်',
      'ငွေဖြည့်',
    ],
    link: '/orders',
  },
  {
    id: 'refund',
    keywords: [
      'refund',
      'money back',
      'wrong',
      'mistake',
      'cancel',
      'return',
      'ငွေပြန်',
      'မှား',
      'ပယ်ဖျက်',
    ],
    link: '/terms-of-service',
  },
  {
    id: 'failed',
    keywords: [
      'fail',
      'error',
      'problem',
      'stuck',
      'pending',
      'not work',
      'status',
      'မအောင်မြင်',
      'ပြဿနာ',
      'အခြေအနေ',
    ],
    link: '/orders',
  },
  {
    id: 'account',
    keywords: [
      'account',
      'sign',
      'login',
      'log in',
      'register',
      'guest',
      'password',
      'အကောင့်',
      'ဧည့်သည်',
      'စကားဝှက်',
    ],
  },
  {
    id: 'points',
    keywords: [
      'point',
      'loyalty',
      'tier',
      'bronze',
      'silver',
      'gold',
      'platinum',
      'reward',
      'ပွိုင့်',
      'အဆင့်',
      'ကြေးရောင်',
      'ငွေရောင်',
      'ရွှေရောင်',
    ],
  },
  {
    id: 'gift',
    keywords: ['gift', 'share', 'friend', 'family', 'send', 'လက်ဆောင်', 'မျှဝေ'],
  },
  {
    id: 'contact',
    keywords: [
      'contact',
      'call',
      'phone number',
      'support',
      'human',
      'agent',
      'hours',
      'ဆက်သွယ်',
      'ဖုန်းဝန်ဆောင်မှု',
      'အကူအညီဌာန',
      'ဖွင့်ချိန်',
    ],
    link: '/support',
  },
  {
    id: 'settings',
    keywords: [
      'language',
      'burmese',
      'english',
      'myanmar',
      'notification',
      'privacy',
      'cookie',
      'statistic',
      'analytics',
      'setting',
      'ဘာသာ',
      'အသိပေး',
      'ကွတ်ကီး',
      'ဆက်တင်',
      'ကိုယ်ရေး',
    ],
    link: '/account-settings',
  },
];

const latin = /[a-z]/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matches(keyword: string, text: string): boolean {
  if (!latin.test(keyword)) return text.includes(keyword);
  return new RegExp(`(^|[^a-z0-9])${escape(keyword)}`).test(text);
}

/**
 * The topic whose words the question has most of (the first listed on a tie), or null when it has
 * none of any: the assistant then says it does not know and points to the support team.
 */
export function findHelpTopic(
  question: string,
  topics: readonly HelpTopic[] = helpTopics,
): HelpTopic | null {
  const text = question.normalize('NFC').toLowerCase();
  let best: HelpTopic | null = null;
  let bestScore = 0;
  for (const topic of topics) {
    const score = topic.keywords.filter((keyword) => matches(keyword, text)).length;
    if (score > bestScore) {
      best = topic;
      bestScore = score;
    }
  }
  return best;
}
