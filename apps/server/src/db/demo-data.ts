import type { OperatorCode } from '@shop/contracts/phone';
import type { LocalizedText } from '@shop/contracts/i18n';
import type { ProductKind } from '@shop/contracts/catalogue';
import type { LocalizedBannerImages, products } from '../modules/catalogue/catalogue.tables.ts';

/**
 * The demo shop: what a fresh install shows so the shop can be tried at once. Only data lives here;
 * seed.ts inserts it. Image paths point at files under apps/server/assets, served at /media/.
 */

export type DemoProductStatus = NonNullable<(typeof products.$inferInsert)['status']>;

export interface DemoCategory {
  slug: string;
  /** Slug of the parent; absent for the categories of the home grid. */
  parentSlug?: string;
  name: LocalizedText;
  description: LocalizedText;
  imageUrl: string;
  sortOrder: number;
  isActive: boolean;
}

export interface DemoOperator {
  code: OperatorCode;
  name: LocalizedText;
  logoUrl: string;
  brandColor: string;
}

export interface DemoProduct {
  sku: string;
  categorySlug: string;
  operatorCode: OperatorCode | null;
  kind: ProductKind;
  name: LocalizedText;
  description: LocalizedText;
  priceMmk: number;
  discountPriceMmk: number | null;
  faceValueMinor: number | null;
  faceCurrency: string | null;
  topupAmountMmk: number | null;
  dataMb: number | null;
  validityDays: number | null;
  imageUrl: string;
  status: DemoProductStatus;
  sortOrder: number;
  /** Start of card serials ("MPT3K" → "MPT3K-2026-000001"); set for products sold from stock. */
  serialPrefix: string | null;
  /** How to redeem a delivered card, shown on the order page and in the codes email. */
  instructions: LocalizedText | null;
}

export interface DemoBanner {
  title: LocalizedText;
  description: LocalizedText;
  imageUrl: string;
  mobileImageUrl: string;
  tabletImageUrl: string;
  localizedImages?: LocalizedBannerImages;
  /** Words shown as text over the picture (issue 26); the pictures carry none. */
  headline: LocalizedText;
  /** The call to action, a real button to linkUrl. */
  ctaLabel: LocalizedText;
  /** The last Yangon day shown; absent: no end. */
  endsOn?: string;
  linkUrl: string;
  sortOrder: number;
  isActive: boolean;
}

export interface DemoExchangeRate {
  currency: string;
  symbol: string;
  /** Kyat per unit, as the numeric column wants it: a string with four decimals. */
  rate: string;
  isActive: boolean;
}

export interface CallCentreSetting {
  phone: string;
  email: string;
  viber: string;
  hours: { start: string; end: string; workingDays: number[]; timezone: string };
}

/** Cards generated for each E-PIN and gift-card product that is on sale. */
export const DEMO_CARDS_PER_PRODUCT = 25;

const BURMESE_DIGITS = ['၀', '၁', '၂', '၃', '၄', '၅', '၆', '၇', '၈', '၉'];

/** "1,000" → "၁,၀၀၀": Burmese text writes numbers with Burmese digits. */
function my(text: string): string {
  return text.replace(/\d/g, (d) => BURMESE_DIGITS[Number(d)] ?? d);
}

/** Kyat with thousands separators, as shops print prices ("10,000"). */
function ks(amount: number): string {
  return amount.toLocaleString('en-US');
}

const productImage = (file: string) => `/media/products/${file}.svg`;

/** A category of the demo shop, its picture named by its slug; shown unless `isActive: false`. */
const category = (
  sortOrder: number,
  fields: Pick<DemoCategory, 'slug' | 'parentSlug' | 'name' | 'description'> & {
    isActive?: boolean;
  },
): DemoCategory => ({
  isActive: true,
  ...fields,
  imageUrl: `/media/categories/${fields.slug}.svg`,
  sortOrder,
});

export const demoCategories: DemoCategory[] = [
  category(1, {
    slug: 'mobile-topup',
    name: { en: 'Mobile Top-up', my: 'ဖုန်းငွေဖြည့်' },
    description: {
      en: 'Send airtime to any MPT, Ooredoo, ATOM, MyTel or MEC number in seconds.',
      my: 'MPT၊ Ooredoo၊ ATOM၊ MyTel နှင့် MEC ဖုန်းနံပါတ် မည်သည့်နံပါတ်ကိုမဆို စက္ကန့်ပိုင်းအတွင်း ငွေဖြည့်ပေးနိုင်ပါသည်။',
    },
  }),
  category(2, {
    slug: 'data-package',
    name: { en: 'Data Package', my: 'ဒေတာပက်ကေ့ချ်' },
    description: {
      en: 'Mobile data bundles for every operator, from a few days to a full month.',
      my: 'အော်ပရေတာတိုင်းအတွက် ရက်အနည်းငယ်မှ တစ်လပြည့်အထိ သုံးနိုင်သော မိုဘိုင်းဒေတာပက်ကေ့ချ်များ။',
    },
  }),
  category(3, {
    slug: 'local-epins',
    name: { en: 'Local E-PINs', my: 'ပြည်တွင်း E-PIN ကတ်များ' },
    description: {
      en: 'Prepaid top-up card PINs, delivered instantly by email and in your order.',
      my: 'ဖုန်းငွေဖြည့်ကတ် PIN နံပါတ်များကို အီးမေးလ်နှင့် သင့်အော်ဒါထဲသို့ ချက်ချင်း ပို့ပေးပါသည်။',
    },
  }),
  category(4, {
    slug: 'egift-cards',
    name: { en: 'E-Gift Cards', my: 'E-Gift ကတ်များ' },
    description: {
      en: 'Gift cards for app stores, streaming and online shopping, paid in kyat.',
      my: 'အက်ပ်စတိုး၊ စထရီးမင်းနှင့် အွန်လိုင်းဈေးဝယ်ခြင်းအတွက် လက်ဆောင်ကတ်များကို ကျပ်ငွေဖြင့် ဝယ်ယူနိုင်ပါသည်။',
    },
  }),
  category(5, {
    slug: 'games',
    name: { en: 'Games', my: 'ဂိမ်းများ' },
    description: {
      en: 'Game credits for PUBG Mobile, Mobile Legends, Free Fire and more.',
      my: 'PUBG Mobile၊ Mobile Legends၊ Free Fire စသည့် ဂိမ်းများအတွက် ငွေဖြည့်ကတ်များ။',
    },
  }),
  category(6, {
    slug: 'internet',
    name: { en: 'Internet', my: 'အင်တာနက်' },
    description: {
      en: 'Home fibre and Wi-Fi vouchers to stay connected.',
      my: 'အိမ်သုံးဖိုက်ဘာနှင့် Wi-Fi ဘောက်ချာများဖြင့် အမြဲချိတ်ဆက်ထားလိုက်ပါ။',
    },
  }),
  category(7, {
    slug: 'bills',
    name: { en: 'Bills', my: 'ဘီလ်ပေးဆောင်ခြင်း' },
    description: {
      en: 'Prepaid vouchers for electricity and TV bills.',
      my: 'လျှပ်စစ်မီတာခနှင့် TV ဘီလ်များအတွက် ကြိုတင်ငွေပေးဘောက်ချာများ။',
    },
  }),
  // Inactive on purpose: the home grid must hide it (isActive=true filter).
  category(8, {
    slug: 'bus-tickets',
    name: { en: 'Bus Tickets', my: 'ကားလက်မှတ်များ' },
    description: {
      en: 'Intercity express bus tickets, coming later.',
      my: 'မြို့ပြေးအမြန်ယာဉ်လက်မှတ်များကို နောက်ပိုင်းတွင် ရောင်းချပေးပါမည်။',
    },
    isActive: false,
  }),
  category(1, {
    slug: 'app-stores',
    parentSlug: 'egift-cards',
    name: { en: 'App Stores', my: 'အက်ပ်စတိုးများ' },
    description: {
      en: 'Credit for Google Play and the Apple App Store.',
      my: 'Google Play နှင့် Apple App Store တွင် သုံးနိုင်သော လက်ဆောင်ကတ်များ။',
    },
  }),
  category(2, {
    slug: 'streaming',
    parentSlug: 'egift-cards',
    name: { en: 'Streaming', my: 'စထရီးမင်း' },
    description: {
      en: 'Gift cards for Netflix, Spotify and other streaming services.',
      my: 'Netflix၊ Spotify စသည့် စထရီးမင်းဝန်ဆောင်မှုများအတွက် လက်ဆောင်ကတ်များ။',
    },
  }),
];

/** An operator of the demo shop: its logo is named by its code. */
const operator = (code: OperatorCode, name: LocalizedText, brandColor: string): DemoOperator => ({
  code,
  name,
  logoUrl: `/media/operators/${code.toLowerCase()}.svg`,
  brandColor,
});

export const demoOperators: DemoOperator[] = [
  operator('MPT', { en: 'MPT', my: 'အမ်ပီတီ' }, '#F7B500'),
  operator('OOREDOO', { en: 'Ooredoo', my: 'အူရီဒူး' }, '#ED1C24'),
  operator('ATOM', { en: 'ATOM', my: 'အက်တမ်' }, '#5B2BD8'),
  operator('MYTEL', { en: 'MyTel', my: 'မိုင်တဲလ်' }, '#F26522'),
  operator('MEC', { en: 'MEC', my: 'အမ်အီးစီ' }, '#0B7A3E'),
];

/** Operator names as written on products in both languages: brands stay in Latin letters. */
const brand: Record<OperatorCode, string> = {
  MPT: 'MPT',
  OOREDOO: 'Ooredoo',
  ATOM: 'ATOM',
  MYTEL: 'MyTel',
  MEC: 'MEC',
};

/** SKU prefixes and image file names per operator. */
const opKey: Record<OperatorCode, { sku: string; file: string }> = {
  MPT: { sku: 'MPT', file: 'mpt' },
  OOREDOO: { sku: 'OOR', file: 'ooredoo' },
  ATOM: { sku: 'ATM', file: 'atom' },
  MYTEL: { sku: 'MYT', file: 'mytel' },
  MEC: { sku: 'MEC', file: 'mec' },
};

const operatorOrder: OperatorCode[] = ['MPT', 'OOREDOO', 'ATOM', 'MYTEL', 'MEC'];

const productDefaults = {
  discountPriceMmk: null,
  faceValueMinor: null,
  faceCurrency: null,
  topupAmountMmk: null,
  dataMb: null,
  validityDays: null,
  serialPrefix: null,
  instructions: null,
  status: 'active',
} satisfies Partial<DemoProduct>;

/** Myanmar operators credit a top-up card PIN by dialling *123*PIN# from the phone. */
const epinInstructions = (operator: string): LocalizedText => ({
  en: `Dial *123*PIN# from the ${operator} SIM you want to top up and press call; the balance arrives by SMS.`,
  my: `ငွေဖြည့်လိုသော ${operator} ဆင်းမှ *123*PIN# ကို နှိပ်ပြီး ခေါ်ဆိုပါ။ လက်ကျန်ငွေကို SMS ဖြင့် အကြောင်းကြားပါမည်။`,
});

const TOPUP_AMOUNTS = [1000, 3000, 5000, 10000];

const topups: DemoProduct[] = operatorOrder.flatMap((code, o) =>
  TOPUP_AMOUNTS.map((amount, i): DemoProduct => {
    const name = brand[code];
    return {
      ...productDefaults,
      sku: `TOPUP-${opKey[code].sku}-${amount}`,
      categorySlug: 'mobile-topup',
      operatorCode: code,
      kind: 'topup',
      name: {
        en: `${name} Top-up ${ks(amount)} Ks`,
        my: `${name} ဖုန်းငွေဖြည့် ${my(ks(amount))} ကျပ်`,
      },
      description: {
        en: `Adds ${ks(amount)} Ks of airtime to any ${name} number within seconds.`,
        my: `${name} ဖုန်းနံပါတ် မည်သည့်နံပါတ်ကိုမဆို ${my(ks(amount))} ကျပ် စက္ကန့်ပိုင်းအတွင်း ငွေဖြည့်ပေးပါသည်။`,
      },
      priceMmk: amount,
      topupAmountMmk: amount,
      imageUrl: productImage(`${opKey[code].file}-topup`),
      sortOrder: o * 10 + i + 1,
    };
  }),
);

// Retired from sale: kept to show that archived products are never listed.
topups.push({
  ...productDefaults,
  sku: 'TOPUP-MPT-500',
  categorySlug: 'mobile-topup',
  operatorCode: 'MPT',
  kind: 'topup',
  name: { en: 'MPT Top-up 500 Ks', my: `MPT ဖုန်းငွေဖြည့် ${my('500')} ကျပ်` },
  description: {
    en: 'The old 500 Ks MPT top-up, no longer sold.',
    my: `ယခင် ${my('500')} ကျပ်တန် MPT ငွေဖြည့်ဖြစ်ပြီး ယခုရောင်းချခြင်း မရှိတော့ပါ။`,
  },
  priceMmk: 500,
  topupAmountMmk: 500,
  imageUrl: productImage('mpt-topup'),
  status: 'archived',
  sortOrder: 0,
});

interface DataPack {
  mb: number;
  label: string;
  days: number;
  price: number;
  discount?: number;
}

/** Operators price their packs a little differently; believable demo prices, not real price lists. */
const dataPacks: Record<OperatorCode, DataPack[]> = {
  MPT: [
    { mb: 1536, label: '1.5 GB', days: 7, price: 1999 },
    { mb: 5120, label: '5 GB', days: 30, price: 5999, discount: 5499 },
    { mb: 12288, label: '12 GB', days: 30, price: 11999 },
  ],
  OOREDOO: [
    { mb: 1536, label: '1.5 GB', days: 7, price: 1999 },
    { mb: 5120, label: '5 GB', days: 30, price: 5999 },
    { mb: 15360, label: '15 GB', days: 30, price: 13999 },
  ],
  ATOM: [
    { mb: 2048, label: '2 GB', days: 7, price: 2499 },
    { mb: 6144, label: '6 GB', days: 30, price: 6999 },
    { mb: 12288, label: '12 GB', days: 30, price: 11999 },
  ],
  MYTEL: [
    { mb: 1536, label: '1.5 GB', days: 7, price: 1799 },
    { mb: 5120, label: '5 GB', days: 30, price: 5499 },
    { mb: 20480, label: '20 GB', days: 30, price: 16999 },
  ],
  MEC: [
    { mb: 1024, label: '1 GB', days: 7, price: 1499 },
    { mb: 5120, label: '5 GB', days: 30, price: 5999 },
  ],
};

const dataProducts: DemoProduct[] = operatorOrder.flatMap((code, o) =>
  dataPacks[code].map((pack, i): DemoProduct => {
    const name = brand[code];
    return {
      ...productDefaults,
      sku: `DATA-${opKey[code].sku}-${pack.label.replace(' ', '')}-${pack.days}D`,
      categorySlug: 'data-package',
      operatorCode: code,
      kind: 'data',
      name: {
        en: `${name} ${pack.label} · ${pack.days} Days`,
        my: `${name} ${my(pack.label)} · ${my(String(pack.days))} ရက်`,
      },
      description: {
        en: `${pack.label} of mobile data for ${name} numbers, valid for ${pack.days} days from activation.`,
        my: `${name} နံပါတ်များအတွက် ${my(pack.label)} ဒေတာဖြစ်ပြီး စတင်အသုံးပြုသည့်နေ့မှ ${my(String(pack.days))} ရက် သက်တမ်းရှိပါသည်။`,
      },
      priceMmk: pack.price,
      discountPriceMmk: pack.discount ?? null,
      dataMb: pack.mb,
      validityDays: pack.days,
      imageUrl: productImage(`${opKey[code].file}-data`),
      sortOrder: o * 10 + i + 1,
    };
  }),
);

const EPIN_AMOUNTS = [1000, 3000, 5000, 10000];

const epins: DemoProduct[] = operatorOrder.flatMap((code, o) =>
  EPIN_AMOUNTS.map((amount, i): DemoProduct => {
    const name = brand[code];
    return {
      ...productDefaults,
      sku: `EPIN-${opKey[code].sku}-${amount}`,
      categorySlug: 'local-epins',
      operatorCode: code,
      kind: 'epin',
      name: {
        en: `${name} E-PIN ${ks(amount)} Ks`,
        my: `${name} E-PIN ${my(ks(amount))} ကျပ်တန်`,
      },
      description: {
        en: `A ${ks(amount)} Ks ${name} top-up card PIN, delivered instantly to use yourself or send as a gift.`,
        my: `${name} ${my(ks(amount))} ကျပ်တန် ငွေဖြည့်ကတ် PIN ကို ချက်ချင်းပို့ပေးပြီး ကိုယ်တိုင်သုံးနိုင်သလို လက်ဆောင်လည်း ပေးနိုင်ပါသည်။`,
      },
      priceMmk: amount,
      imageUrl: productImage(`${opKey[code].file}-epin`),
      // Sold out on purpose: the listing must show the out-of-stock state.
      status: code === 'ATOM' && amount === 10000 ? 'out_of_stock' : 'active',
      sortOrder: o * 10 + i + 1,
      serialPrefix: `${opKey[code].sku}${String(amount / 1000)}K`,
      instructions: epinInstructions(name),
    };
  }),
);

/** What a product sold as a code says of itself; the rest is productDefaults. */
type CodeProductFields = Pick<
  DemoProduct,
  'sku' | 'categorySlug' | 'name' | 'description' | 'priceMmk' | 'imageUrl' | 'sortOrder'
> &
  Partial<DemoProduct>;

/** A product of no operator, sold as a code (a PIN, a voucher, a gift card). */
const codeProduct = (kind: 'epin' | 'giftcard', product: CodeProductFields): DemoProduct => ({
  ...productDefaults,
  operatorCode: null,
  kind,
  ...product,
});

/** A gift card with a face value in a foreign currency, priced in kyat. */
function giftCard(
  card: CodeProductFields & {
    faceValueMinor: number | null;
    faceCurrency: string | null;
    serialPrefix: string;
  },
): DemoProduct {
  return codeProduct('giftcard', {
    ...card,
    // The store is the name without the face value: "Steam Wallet Code US$20" → "Steam".
    instructions: giftCardInstructions(
      card.name.en.replace(/ (Gift Card|Wallet Code|Premium|US\$).*$/, ''),
    ),
  });
}

const giftCardInstructions = (store: string): LocalizedText => ({
  en: `Sign in to your ${store} account, choose "Redeem" (gift card or code) and enter the PIN.`,
  my: `${store} အကောင့်သို့ ဝင်ပြီး "Redeem" (လက်ဆောင်ကတ် သို့မဟုတ် ကုဒ်) ကို ရွေးကာ PIN ကို ထည့်ပါ။`,
});

const giftCards: DemoProduct[] = [
  giftCard({
    sku: 'GC-GPLAY-USD10',
    categorySlug: 'app-stores',
    name: { en: 'Google Play Gift Card US$10', my: `Google Play လက်ဆောင်ကတ် US$${my('10')}` },
    description: {
      en: 'Adds US$10 to a US Google Play account for apps, games and in-app purchases.',
      my: `အမေရိကန် Google Play အကောင့်တွင် US$${my('10')} ထည့်ပေးပြီး အက်ပ်၊ ဂိမ်းနှင့် အက်ပ်အတွင်းဝယ်ယူမှုများအတွက် သုံးနိုင်ပါသည်။`,
    },
    priceMmk: 47000,
    faceValueMinor: 1000,
    faceCurrency: 'USD',
    imageUrl: productImage('google-play'),
    sortOrder: 1,
    serialPrefix: 'GPLAY10',
  }),
  giftCard({
    sku: 'GC-GPLAY-USD25',
    categorySlug: 'app-stores',
    name: { en: 'Google Play Gift Card US$25', my: `Google Play လက်ဆောင်ကတ် US$${my('25')}` },
    description: {
      en: 'Adds US$25 to a US Google Play account for apps, games and subscriptions.',
      my: `အမေရိကန် Google Play အကောင့်တွင် US$${my('25')} ထည့်ပေးပြီး အက်ပ်၊ ဂိမ်းနှင့် subscription များအတွက် သုံးနိုင်ပါသည်။`,
    },
    priceMmk: 116000,
    discountPriceMmk: 112500,
    faceValueMinor: 2500,
    faceCurrency: 'USD',
    imageUrl: productImage('google-play'),
    sortOrder: 2,
    serialPrefix: 'GPLAY25',
  }),
  giftCard({
    sku: 'GC-APPLE-USD15',
    categorySlug: 'app-stores',
    name: { en: 'Apple Gift Card (iTunes) US$15', my: `Apple လက်ဆောင်ကတ် (iTunes) US$${my('15')}` },
    description: {
      en: 'US$15 of credit for the App Store, iCloud+ and Apple Music on a US Apple ID.',
      my: `အမေရိကန် Apple ID တွင် App Store၊ iCloud+ နှင့် Apple Music အတွက် US$${my('15')} သုံးနိုင်ပါသည်။`,
    },
    priceMmk: 70000,
    faceValueMinor: 1500,
    faceCurrency: 'USD',
    imageUrl: productImage('apple'),
    sortOrder: 3,
    serialPrefix: 'APPLE15',
  }),
  giftCard({
    sku: 'GC-NETFLIX-USD25',
    categorySlug: 'streaming',
    name: { en: 'Netflix Gift Card US$25', my: `Netflix လက်ဆောင်ကတ် US$${my('25')}` },
    description: {
      en: 'Pays for Netflix membership with US$25 of credit; no bank card needed.',
      my: `ဘဏ်ကတ်မလိုဘဲ Netflix အသင်းဝင်ကြေးကို US$${my('25')} ဖြင့် ပေးချေနိုင်ပါသည်။`,
    },
    priceMmk: 117000,
    discountPriceMmk: 111000,
    faceValueMinor: 2500,
    faceCurrency: 'USD',
    imageUrl: productImage('netflix'),
    sortOrder: 1,
    serialPrefix: 'NFLX25',
  }),
  giftCard({
    sku: 'GC-SPOTIFY-USD10',
    categorySlug: 'streaming',
    name: { en: 'Spotify Premium US$10', my: `Spotify Premium US$${my('10')}` },
    description: {
      en: 'One month of ad-free Spotify Premium music, coming to the shop soon.',
      my: `ကြော်ငြာမပါသော Spotify Premium ဂီတ တစ်လစာကို မကြာမီ ရောင်းချပေးပါမည်။`,
    },
    priceMmk: 47000,
    faceValueMinor: 1000,
    faceCurrency: 'USD',
    imageUrl: productImage('spotify'),
    sortOrder: 2,
    serialPrefix: 'SPOT10',
    status: 'coming_soon',
  }),
  giftCard({
    sku: 'GC-STEAM-USD20',
    categorySlug: 'egift-cards',
    name: { en: 'Steam Wallet Code US$20', my: `Steam Wallet ကုဒ် US$${my('20')}` },
    description: {
      en: 'Adds US$20 to a Steam wallet for PC games, DLC and in-game items.',
      my: `Steam wallet ထဲသို့ US$${my('20')} ထည့်ပေးပြီး PC ဂိမ်း၊ DLC နှင့် ဂိမ်းပစ္စည်းများ ဝယ်နိုင်ပါသည်။`,
    },
    priceMmk: 93000,
    faceValueMinor: 2000,
    faceCurrency: 'USD',
    imageUrl: productImage('steam'),
    sortOrder: 10,
    serialPrefix: 'STEAM20',
  }),
  giftCard({
    sku: 'GC-STEAM-USD50',
    categorySlug: 'egift-cards',
    name: { en: 'Steam Wallet Code US$50', my: `Steam Wallet ကုဒ် US$${my('50')}` },
    description: {
      en: 'Adds US$50 to a Steam wallet; sold out for now and restocked soon.',
      my: `Steam wallet ထဲသို့ US$${my('50')} ထည့်ပေးသော ကုဒ်ဖြစ်ပြီး လက်ရှိ ကုန်သွားသဖြင့် မကြာမီ ပြန်လည်ဖြည့်တင်းပါမည်။`,
    },
    priceMmk: 230000,
    faceValueMinor: 5000,
    faceCurrency: 'USD',
    imageUrl: productImage('steam'),
    sortOrder: 11,
    serialPrefix: 'STEAM50',
    status: 'out_of_stock',
  }),
  giftCard({
    sku: 'GC-RAZER-USD10',
    categorySlug: 'egift-cards',
    name: { en: 'Razer Gold US$10', my: `Razer Gold US$${my('10')}` },
    description: {
      en: 'US$10 of Razer Gold to spend in thousands of online games.',
      my: `အွန်လိုင်းဂိမ်း ထောင်ပေါင်းများစွာတွင် သုံးနိုင်သော Razer Gold US$${my('10')} ဖြစ်ပါသည်။`,
    },
    priceMmk: 46500,
    faceValueMinor: 1000,
    faceCurrency: 'USD',
    imageUrl: productImage('razer-gold'),
    sortOrder: 12,
    serialPrefix: 'RAZER10',
  }),
];

interface Game {
  name: string;
  /** Starts its SKUs ("GAME-PUBG-60UC") and card serials ("PUBG60"). */
  key: string;
  /** What a credit counts, in both languages and as its SKU ends ("UC", "DM"). */
  unit: LocalizedText & { sku: string };
  /** Burmese counts things with a classifier after the number ("စိန် ၈၆ လုံး"). */
  counterMy: string;
  image: string;
  credits: { amount: number; price: number; discount?: number }[];
}

const diamonds = { en: 'Diamonds', my: 'စိန်', sku: 'DM' };

const gameCredits: Game[] = [
  {
    name: 'PUBG Mobile',
    key: 'PUBG',
    unit: { en: 'UC', my: 'UC', sku: 'UC' },
    counterMy: '',
    image: 'pubg-mobile',
    credits: [
      { amount: 60, price: 4500 },
      { amount: 325, price: 22000 },
      { amount: 660, price: 43000 },
    ],
  },
  {
    name: 'Mobile Legends',
    key: 'MLBB',
    unit: diamonds,
    counterMy: ' လုံး',
    image: 'mobile-legends',
    credits: [
      { amount: 86, price: 6000 },
      { amount: 172, price: 11500, discount: 10900 },
      { amount: 257, price: 17000 },
    ],
  },
  {
    name: 'Free Fire',
    key: 'FF',
    unit: diamonds,
    counterMy: ' လုံး',
    image: 'free-fire',
    credits: [
      { amount: 100, price: 3800 },
      { amount: 520, price: 18500 },
    ],
  },
];

const games: DemoProduct[] = [
  ...gameCredits
    .flatMap((game) => game.credits.map((credit) => ({ game, ...credit })))
    .map(({ game, amount, price, discount }, i) =>
      codeProduct('giftcard', {
        sku: `GAME-${game.key}-${amount}${game.unit.sku}`,
        categorySlug: 'games',
        name: {
          en: `${game.name} ${ks(amount)} ${game.unit.en}`,
          my: `${game.name} ${game.unit.my} ${my(ks(amount))}${game.counterMy}`,
        },
        description: {
          en: `A code that adds ${ks(amount)} ${game.unit.en} to your ${game.name} account.`,
          my: `သင့် ${game.name} အကောင့်ထဲသို့ ${game.unit.my} ${my(ks(amount))}${game.counterMy} ထည့်ပေးမည့် ကုဒ်ဖြစ်ပါသည်။`,
        },
        priceMmk: price,
        discountPriceMmk: discount ?? null,
        imageUrl: productImage(game.image),
        sortOrder: i + 1,
        serialPrefix: `${game.key}${amount}`,
      }),
    ),
  codeProduct('giftcard', {
    sku: 'GAME-GENSHIN-WELKIN',
    categorySlug: 'games',
    name: { en: 'Genshin Impact Welkin Moon', my: 'Genshin Impact Welkin Moon လစဉ်ကတ်' },
    description: {
      en: 'Thirty days of daily Primogems in Genshin Impact, coming to the shop soon.',
      my: `Genshin Impact တွင် ရက် ${my('30')} ကြာ နေ့စဉ် Primogem ရရှိစေမည့်ကတ်ကို မကြာမီ ရောင်းချပေးပါမည်။`,
    },
    priceMmk: 23000,
    imageUrl: productImage('genshin-impact'),
    status: 'coming_soon',
    sortOrder: 20,
    serialPrefix: 'GENWM',
  }),
];

const FIBRE_PLANS = [
  { mbps: 30, price: 35000 },
  { mbps: 50, price: 45000, discount: 42000 },
];

const internet: DemoProduct[] = [
  ...FIBRE_PLANS.map(({ mbps, price, discount }, i) =>
    codeProduct('epin', {
      sku: `NET-FIBRE-${mbps}M-1M`,
      categorySlug: 'internet',
      name: {
        en: `Home Fibre ${mbps} Mbps · 1 Month`,
        my: `အိမ်သုံးဖိုက်ဘာ ${my(String(mbps))} Mbps · ${my('1')} လ`,
      },
      description: {
        en: `A voucher code that renews a ${mbps} Mbps home fibre plan for one month.`,
        my: `${my(String(mbps))} Mbps အိမ်သုံးဖိုက်ဘာ အစီအစဉ်ကို တစ်လ သက်တမ်းတိုးပေးမည့် ဘောက်ချာကုဒ်ဖြစ်ပါသည်။`,
      },
      priceMmk: price,
      discountPriceMmk: discount ?? null,
      validityDays: 30,
      imageUrl: productImage('fibre'),
      sortOrder: i + 1,
      serialPrefix: `FIB${mbps}`,
    }),
  ),
  codeProduct('epin', {
    sku: 'NET-WIFI-7D',
    categorySlug: 'internet',
    name: { en: 'Wi-Fi Hotspot Pass · 7 Days', my: `Wi-Fi Hotspot ပါ့စ် · ${my('7')} ရက်` },
    description: {
      en: 'Seven days of unlimited access at partner Wi-Fi hotspots in cafés and malls.',
      my: `ကော်ဖီဆိုင်နှင့် ရှော့ပင်းမောလ်များရှိ မိတ်ဖက် Wi-Fi Hotspot များတွင် ${my('7')} ရက် အကန့်အသတ်မရှိ သုံးနိုင်ပါသည်။`,
    },
    priceMmk: 3000,
    validityDays: 7,
    imageUrl: productImage('wifi-hotspot'),
    sortOrder: 3,
    serialPrefix: 'WIFI7',
  }),
];

const ELECTRICITY_AMOUNTS = [10000, 30000, 50000];

const bills: DemoProduct[] = [
  ...ELECTRICITY_AMOUNTS.map((amount, i) =>
    codeProduct('epin', {
      sku: `BILL-ELEC-${amount}`,
      categorySlug: 'bills',
      name: {
        en: `Electricity Bill Voucher ${ks(amount)} Ks`,
        my: `လျှပ်စစ်မီတာခ ဘောက်ချာ ${my(ks(amount))} ကျပ်`,
      },
      description: {
        en: `Pays ${ks(amount)} Ks towards a prepaid electricity meter or monthly bill.`,
        my: `ကြိုတင်ငွေဖြည့်မီတာ သို့မဟုတ် လစဉ်မီတာခအတွက် ${my(ks(amount))} ကျပ် ပေးချေနိုင်ပါသည်။`,
      },
      priceMmk: amount,
      imageUrl: productImage('electricity'),
      sortOrder: i + 1,
      serialPrefix: `ELEC${String(amount / 1000)}K`,
    }),
  ),
  codeProduct('epin', {
    sku: 'BILL-SATTV-1M',
    categorySlug: 'bills',
    name: { en: 'Satellite TV · 1 Month', my: `ဂြိုဟ်တု TV · ${my('1')} လ` },
    description: {
      en: 'One month of satellite TV channels, coming to the shop soon.',
      my: 'ဂြိုဟ်တု TV ချန်နယ်များ တစ်လစာကို မကြာမီ ရောင်းချပေးပါမည်။',
    },
    priceMmk: 15000,
    validityDays: 30,
    imageUrl: productImage('satellite-tv'),
    status: 'coming_soon',
    sortOrder: 10,
    serialPrefix: 'SATTV',
  }),
];

export const demoProducts: DemoProduct[] = [
  ...topups,
  ...dataProducts,
  ...epins,
  ...giftCards,
  ...games,
  ...internet,
  ...bills,
];

type BannerTexts = Omit<
  DemoBanner,
  'imageUrl' | 'mobileImageUrl' | 'tabletImageUrl' | 'sortOrder' | 'isActive'
> & { isActive?: boolean };

/**
 * The demo banners' pictures carry no words: the headline and the button are text over them, in
 * the reader's language (issue 26; a phone may lack the fonts to draw Burmese in a picture). The
 * pictures with drawn words (N.svg, N.my.svg…) stay for shops seeded before.
 * banner(n, …) is the n-th banner, its pictures n-art*.svg; shown unless `isActive: false`.
 */
const banner = (n: number, texts: BannerTexts): DemoBanner => ({
  isActive: true,
  ...texts,
  imageUrl: `/media/banners/${n}-art.svg`,
  mobileImageUrl: `/media/banners/${n}-art-mobile.svg`,
  tabletImageUrl: `/media/banners/${n}-art-tablet.svg`,
  sortOrder: n,
});

export const demoBanners: DemoBanner[] = [
  banner(1, {
    title: { en: 'Instant Mobile Top-up', my: 'ချက်ချင်း ဖုန်းငွေဖြည့်' },
    description: {
      en: 'Top up any MPT, Ooredoo, ATOM, MyTel or MEC number in seconds, day or night.',
      my: 'MPT၊ Ooredoo၊ ATOM၊ MyTel နှင့် MEC နံပါတ်မှန်သမျှကို နေ့ညမရွေး စက္ကန့်ပိုင်းအတွင်း ငွေဖြည့်နိုင်ပါပြီ။',
    },
    headline: { en: 'Instant Mobile Top-up', my: 'ချက်ချင်း ဖုန်းငွေဖြည့်' },
    ctaLabel: { en: 'Top up now', my: 'ငွေဖြည့်ရန်' },
    linkUrl: '/product/mobile-topup',
  }),
  banner(2, {
    title: { en: 'Data Packs from 1,999 Ks', my: `ဒေတာပက်ကေ့ချ်များ ${my('1,999')} ကျပ်မှစ` },
    description: {
      en: 'Stay online for less with 7-day and 30-day data packs for every operator.',
      my: `အော်ပရေတာတိုင်းအတွက် ${my('7')} ရက်နှင့် ${my('30')} ရက် ဒေတာပက်ကေ့ချ်များဖြင့် သက်သက်သာသာ အွန်လိုင်းသုံးလိုက်ပါ။`,
    },
    headline: { en: 'Data Packs from 1,999 Ks', my: `ဒေတာပက်ကေ့ချ် ${my('1,999')} ကျပ်မှစ` },
    ctaLabel: { en: 'See packs', my: 'ပက်ကေ့ချ်များ ကြည့်ရန်' },
    linkUrl: '/product/data-package',
  }),
  banner(3, {
    title: {
      en: 'Gift Cards for Games & Streaming',
      my: 'ဂိမ်းနှင့် စထရီးမင်းအတွက် လက်ဆောင်ကတ်များ',
    },
    description: {
      en: 'Google Play, Apple, Netflix, Steam and game credits, paid in kyat with MM QR.',
      my: 'Google Play၊ Apple၊ Netflix၊ Steam နှင့် ဂိမ်းငွေဖြည့်ကတ်များကို MM QR ဖြင့် ကျပ်ငွေနှင့် ဝယ်ယူနိုင်ပါသည်။',
    },
    headline: { en: 'Gift Cards for Games & Streaming', my: 'ဂိမ်းနှင့် စထရီးမင်း လက်ဆောင်ကတ်များ' },
    ctaLabel: { en: 'Shop gift cards', my: 'လက်ဆောင်ကတ် ဝယ်ရန်' },
    linkUrl: '/product/egift-cards',
  }),
  banner(4, {
    title: { en: 'Thadingyut Festival Offers', my: 'သီတင်းကျွတ်ပွဲတော် အထူးအစီအစဉ်' },
    description: {
      en: 'Celebrate the festival of lights with special prices on selected gift cards.',
      my: 'မီးထွန်းပွဲတော်ကို ရွေးချယ်ထားသော လက်ဆောင်ကတ်များအပေါ် အထူးဈေးနှုန်းများဖြင့် ဆင်နွှဲလိုက်ပါ။',
    },
    headline: { en: 'Thadingyut Festival Offers', my: 'သီတင်းကျွတ်ပွဲတော် အထူးအစီအစဉ်' },
    ctaLabel: { en: 'See offers', my: 'အစီအစဉ်များ ကြည့်ရန်' },
    linkUrl: 'https://myantopup.example/promo/thadingyut',
  }),
  // Inactive on purpose: a finished campaign that the carousel must not show.
  banner(5, {
    title: { en: 'Thingyan Water Festival Deals', my: 'သင်္ကြန် အထူးအစီအစဉ်' },
    description: {
      en: 'Our Thingyan promotion has ended; thank you for celebrating with us.',
      my: 'သင်္ကြန် အထူးအစီအစဉ် ပြီးဆုံးသွားပါပြီ၊ ကျွန်ုပ်တို့နှင့်အတူ ဆင်နွှဲပေးခဲ့သည့်အတွက် ကျေးဇူးတင်ပါသည်။',
    },
    headline: { en: 'Thingyan Water Festival Deals', my: 'သင်္ကြန် အထူးအစီအစဉ်' },
    ctaLabel: { en: 'Top up now', my: 'ငွေဖြည့်ရန်' },
    // Thingyan 2025 ended on 17 April (Yangon), and the campaign with it.
    endsOn: '2025-04-17',
    linkUrl: 'https://myantopup.example/promo/thingyan',
    isActive: false,
  }),
];

/** Kyat per unit, near the market rates of late 2025. */
export const demoExchangeRates: DemoExchangeRate[] = [
  { currency: 'USD', symbol: 'US$', rate: '4480.0000', isActive: true },
  { currency: 'EUR', symbol: '€', rate: '5150.0000', isActive: true },
  { currency: 'SGD', symbol: 'S$', rate: '3460.0000', isActive: true },
  { currency: 'THB', symbol: '฿', rate: '137.5000', isActive: true },
  { currency: 'JPY', symbol: '¥', rate: '30.4500', isActive: true },
  { currency: 'CNY', symbol: 'CN¥', rate: '626.5000', isActive: true },
  // Inactive on purpose: the exchange-rate table shows the status column.
  { currency: 'GBP', symbol: '£', rate: '6010.0000', isActive: false },
];

export const demoCallCentre: CallCentreSetting = {
  phone: '+95 9 777 123 456',
  email: 'support@myantopup.example',
  viber: '+95 9 777 123 456',
  hours: { start: '09:00', end: '17:00', workingDays: [1, 2, 3, 4, 5], timezone: 'Asia/Yangon' },
};

/** A promo code of the demo shop (issue 17), made with the promotions service at seeding. */
export interface DemoPromoCode {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  minimumSpendMmk: number;
  perCustomerLimit: number | null;
  totalLimit: number | null;
}

/** WELCOME10: 10 % off an order of at least 2,000 Ks, once per customer (README "Demo"). */
export const demoPromoCodes: DemoPromoCode[] = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    value: 10,
    minimumSpendMmk: 2000,
    perCustomerLimit: 1,
    totalLimit: null,
  },
];
