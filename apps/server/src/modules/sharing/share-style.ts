import { createHash } from 'node:crypto';
import type { BuiltInShareType, ShareStyle } from '@shop/contracts/sharing';

/**
 * Makes the look of a share type from its title ("AI style", shopping spec §7). A hosted model can
 * be put behind this interface; the shop's own one is local, deterministic and needs no network.
 */
export interface StyleGenerator {
  generate(title: string): Promise<ShareStyle>;
}

/** The built-in types' looks: each its own colours, emoji and greeting. */
export const builtInStyles: Record<BuiltInShareType, ShareStyle> = {
  gift: style('#b4235a', '#f472b6', '#ffffff', '🎁', 'A gift for you', 'သင့်အတွက် လက်ဆောင်'),
  treat: style('#b45309', '#fbbf24', '#1f1300', '🍜', 'This one is on me', 'ဒီတစ်ခါ ကျွန်ုပ် ဧည့်ခံပါတယ်'),
  share: style('#0b57d0', '#60a5fa', '#ffffff', '🤝', 'Sharing with you', 'သင်နှင့် မျှဝေပါတယ်'),
  allowance: style('#047857', '#34d399', '#ffffff', '💰', 'Your pocket money', 'သင့်အတွက် မုန့်ဖိုး'),
  repayment: style(
    '#374151',
    '#9ca3af',
    '#ffffff',
    '🙏',
    'Paying you back, thank you',
    'ပြန်ဆပ်ပါတယ်၊ ကျေးဇူးတင်ပါတယ်',
  ),
  love: style('#be123c', '#fb7185', '#ffffff', '❤️', 'With love', 'အချစ်များစွာဖြင့်'),
};

function style(
  primaryColor: string,
  secondaryColor: string,
  textColor: string,
  emoji: string,
  en: string,
  my: string,
): ShareStyle {
  return {
    primaryColor,
    secondaryColor,
    textColor,
    gradient: [primaryColor, secondaryColor],
    emoji,
    greeting: { en, my },
  };
}

/** Themes a title may name, in English or Burmese, each with an emoji and a greeting. */
const themes: readonly {
  words: RegExp;
  hue: number;
  emoji: string;
  en: string;
  my: string;
}[] = [
  {
    words: /birthday|bday|မွေးနေ့/iu,
    hue: 330,
    emoji: '🎂',
    en: 'Happy birthday!',
    my: 'မွေးနေ့မှာ ပျော်ရွှင်ပါစေ',
  },
  {
    words: /thingyan|water festival|သင်္ကြန်|new year|နှစ်သစ်/iu,
    hue: 195,
    emoji: '💦',
    en: 'Happy New Year!',
    my: 'နှစ်သစ်ကူးမှာ ပျော်ရွှင်ပါစေ',
  },
  {
    words: /thadingyut|light|lantern|သီတင်းကျွတ်|မီးထွန်း/iu,
    hue: 40,
    emoji: '🏮',
    en: 'Happy festival of lights',
    my: 'သီတင်းကျွတ်ပွဲတော်မှာ ပျော်ရွှင်ပါစေ',
  },
  {
    words: /love|heart|darling|honey|ချစ်/iu,
    hue: 350,
    emoji: '💕',
    en: 'With all my love',
    my: 'ချစ်ခြင်းမေတ္တာဖြင့်',
  },
  {
    words: /thank|grateful|ကျေးဇူး/iu,
    hue: 150,
    emoji: '🙏',
    en: 'Thank you so much',
    my: 'ကျေးဇူးအများကြီးတင်ပါတယ်',
  },
  { words: /game|gaming|play|ဂိမ်း/iu, hue: 265, emoji: '🎮', en: 'Game on!', my: 'ပျော်ပျော်ကစားပါ' },
  {
    words: /study|school|exam|student|စာမေးပွဲ|ကျောင်း/iu,
    hue: 215,
    emoji: '📚',
    en: 'Good luck with your studies',
    my: 'စာမေးပွဲ အောင်မြင်ပါစေ',
  },
  {
    words: /mum|mom|mother|dad|father|parent|family|အမေ|အဖေ|မိသားစု/iu,
    hue: 20,
    emoji: '🏡',
    en: 'For my dear family',
    my: 'ချစ်လှစွာသော မိသားစုအတွက်',
  },
  {
    words: /congrat|success|win|ဂုဏ်ယူ|အောင်မြင်/iu,
    hue: 50,
    emoji: '🎉',
    en: 'Congratulations!',
    my: 'ဂုဏ်ယူပါတယ်',
  },
  { words: /sorry|apolog|တောင်းပန်/iu, hue: 230, emoji: '🌷', en: 'I am sorry', my: 'တောင်းပန်ပါတယ်' },
  {
    words: /get well|health|sick|နေကောင်း/iu,
    hue: 165,
    emoji: '🌿',
    en: 'Get well soon',
    my: 'မြန်မြန် နေကောင်းပါစေ',
  },
  {
    words: /food|lunch|dinner|coffee|tea|treat|မုန့်|ထမင်း|လက်ဖက်/iu,
    hue: 28,
    emoji: '☕',
    en: 'Enjoy, it is on me',
    my: 'စားသောက်ပါ၊ ကျွန်ုပ် ဧည့်ခံပါတယ်',
  },
];

const fallbackEmojis = ['✨', '🌟', '🎈', '🌸', '🍀', '💫', '🌈', '🪷'];

/** #rrggbb of a colour given as hue (0–360), saturation and lightness (0–1). */
function hsl(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Contrast ratio of white text on a #rrggbb colour (WCAG 2 relative luminance). */
function contrastWithWhite(colour: string): number {
  const linear = (offset: number) => {
    const c = parseInt(colour.slice(offset, offset + 2), 16) / 255;
    return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(1) + 0.7152 * linear(3) + 0.0722 * linear(5);
  return 1.05 / (luminance + 0.05);
}

/** The lightest dark shade of the hue that keeps white text at 4.5:1 or more. */
function darkShade(hue: number): string {
  for (let lightness = 0.36; lightness > 0.1; lightness -= 0.02) {
    const colour = hsl(hue, 0.7, lightness);
    if (contrastWithWhite(colour) >= 4.5) return colour;
  }
  return hsl(hue, 0.7, 0.1);
}

/**
 * The local generator: a theme found in the title sets the hue, emoji and greeting; otherwise the
 * title's hash picks them. The same title always gets the same style; white text on its primary
 * colour keeps a contrast of at least 4.5:1.
 */
export function createLocalStyleGenerator(): StyleGenerator {
  return {
    generate(title) {
      const digest = createHash('sha256').update(title.trim().toLowerCase()).digest();
      const theme = themes.find((t) => t.words.test(title));
      const jitter = (digest[0] ?? 0) % 24;
      const hue = ((theme?.hue ?? ((digest[1] ?? 0) * 360) / 256) + jitter + 360) % 360;
      const primaryColor = darkShade(hue);
      const secondaryColor = hsl((hue + 35) % 360, 0.8, 0.62);
      const name = title.trim();
      return Promise.resolve({
        primaryColor,
        secondaryColor,
        textColor: '#ffffff',
        gradient: [primaryColor, secondaryColor],
        emoji: theme?.emoji ?? fallbackEmojis[(digest[2] ?? 0) % fallbackEmojis.length] ?? '✨',
        greeting: theme
          ? { en: theme.en, my: theme.my }
          : { en: `${name} for you`.slice(0, 80), my: `သင့်အတွက် ${name}`.slice(0, 80) },
      });
    },
  };
}
