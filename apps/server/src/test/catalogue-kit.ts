import type { Db } from '../platform/db.ts';
import {
  banners,
  cards,
  categories,
  exchangeRates,
  operators,
  products,
} from '../modules/catalogue/catalogue.tables.ts';

/** The test catalogue's home categories (also for tests that insert only categories). */
export const testCategories = {
  topup: {
    slug: 'mobile-topup',
    name: { en: 'Mobile Top-up', my: 'ဖုန်းငွေဖြည့်' },
    imageUrl: '/media/categories/mobile-topup.svg',
    sortOrder: 1,
  },
  data: {
    slug: 'data-package',
    name: { en: 'Data Package', my: 'ဒေတာပက်ကေ့ချ်' },
    imageUrl: '/media/categories/data-package.svg',
    sortOrder: 2,
  },
  gift: {
    slug: 'egift-cards',
    name: { en: 'eGift Cards', my: 'လက်ဆောင်ကတ်' },
    imageUrl: '/media/categories/egift-cards.svg',
    sortOrder: 3,
  },
};

/** Looks up the id of an inserted row by its key (a code, a SKU); throws for a key not inserted. */
const idBy =
  <R extends { id: string }>(rows: R[], keyOf: (row: R) => string) =>
  (key: string): string => {
    const found = rows.find((row) => keyOf(row) === key);
    if (!found) throw new Error(key);
    return found.id;
  };

/**
 * A small catalogue for the tests, independent of the demo seed: names chosen so that the price
 * and name orders differ, plus every state the listing shows and a few broken image URLs.
 */
export async function insertTestCatalogue(db: Db) {
  const [topup, data, gift] = await db
    .insert(categories)
    .values([testCategories.topup, testCategories.data, testCategories.gift])
    .returning();
  if (!topup || !data || !gift) throw new Error('categories not inserted');
  const [topupSub] = await db
    .insert(categories)
    .values({
      slug: 'mpt-special',
      parentId: topup.id,
      name: { en: 'MPT Specials', my: 'MPT အထူး' },
      imageUrl: '/media/operators/mpt.svg',
    })
    .returning();
  if (!topupSub) throw new Error('sub-category not inserted');
  const ops = await db
    .insert(operators)
    .values([
      {
        code: 'MPT',
        name: { en: 'MPT', my: 'MPT' },
        logoUrl: '/media/operators/mpt.svg',
        brandColor: '#ffcc00',
      },
      {
        code: 'OOREDOO',
        name: { en: 'Ooredoo', my: 'အူရီဒူး' },
        logoUrl: '/media/operators/ooredoo.svg',
        brandColor: '#e30613',
      },
      {
        code: 'ATOM',
        name: { en: 'ATOM', my: 'ATOM' },
        logoUrl: '/media/operators/atom.svg',
        brandColor: '#00a0e3',
      },
    ])
    .returning();
  const op = idBy(ops, (o) => o.code);
  const text = (en: string, my: string) => ({ en, my });
  const topups = await db
    .insert(products)
    .values([
      {
        sku: 'T-MPT-1000',
        categoryId: topup.id,
        operatorId: op('MPT'),
        kind: 'topup' as const,
        name: text('MPT 1,000 Ks', 'MPT ၁,၀၀၀ ကျပ်'),
        description: text('MPT top-up of 1,000 Ks', 'MPT ဖုန်းငွေ ၁,၀၀၀ ကျပ်'),
        priceMmk: 1000,
        topupAmountMmk: 1000,
        imageUrl: ' "https://cdn.example/mpt-1000.png" ',
      },
      {
        sku: 'T-OOR-5000',
        categoryId: topup.id,
        operatorId: op('OOREDOO'),
        kind: 'topup' as const,
        name: text('Ooredoo 5,000 Ks', 'အူရီဒူး ၅,၀၀၀ ကျပ်'),
        description: text('Ooredoo top-up of 5,000 Ks', 'အူရီဒူး ဖုန်းငွေ ၅,၀၀၀ ကျပ်'),
        priceMmk: 5000,
        // Sold below face value: sorts by what the customer pays, 2,900.
        discountPriceMmk: 2900,
        topupAmountMmk: 5000,
        imageUrl: '`https://cdn.example/ooredoo-5000.png`',
      },
      {
        sku: 'T-ATOM-3000',
        categoryId: topup.id,
        operatorId: op('ATOM'),
        kind: 'topup' as const,
        name: text('atom 3,000 Ks', 'ATOM ၃,၀၀၀ ကျပ်'),
        description: text('ATOM top-up of 3,000 Ks', 'ATOM ဖုန်းငွေ ၃,၀၀၀ ကျပ်'),
        priceMmk: 3000,
        topupAmountMmk: 3000,
        status: 'out_of_stock' as const,
        imageUrl: 'javascript:alert(1)',
      },
      {
        sku: 'T-MPT-10000',
        categoryId: topupSub.id,
        operatorId: op('MPT'),
        kind: 'topup' as const,
        name: text('MPT 10,000 Ks', 'MPT ၁၀,၀၀၀ ကျပ်'),
        description: text('MPT top-up of 10,000 Ks', 'MPT ဖုန်းငွေ ၁၀,၀၀၀ ကျပ်'),
        priceMmk: 10000,
        topupAmountMmk: 10000,
        status: 'coming_soon' as const,
        imageUrl: 'not a url',
      },
      {
        sku: 'T-MPT-OLD',
        categoryId: topup.id,
        operatorId: op('MPT'),
        kind: 'topup' as const,
        name: text('Archived MPT', 'ရပ်ဆိုင်း MPT'),
        description: text('No longer sold', 'မရောင်းတော့ပါ'),
        priceMmk: 500,
        status: 'archived' as const,
        imageUrl: '/media/products/old.svg',
      },
      {
        sku: 'D-MPT-1GB',
        categoryId: data.id,
        operatorId: op('MPT'),
        kind: 'data' as const,
        name: text('MPT 1 GB', 'MPT ၁ GB'),
        description: text('1 GB for 7 days', '၇ ရက် ၁ GB'),
        priceMmk: 1500,
        dataMb: 1024,
        validityDays: 7,
        imageUrl: '/media/products/data.svg',
      },
      {
        sku: 'G-STEAM-10',
        categoryId: gift.id,
        kind: 'giftcard' as const,
        name: text('Steam US$10', 'Steam ၁၀ ဒေါ်လာ'),
        description: text('Steam wallet code', 'Steam ပိုက်ဆံအိတ် ကုဒ်'),
        priceMmk: 45000,
        faceValueMinor: 1000,
        faceCurrency: 'USD',
        imageUrl: 'https://cdn.example/steam.png',
      },
      {
        sku: 'G-NETFLIX-15',
        categoryId: gift.id,
        kind: 'giftcard' as const,
        name: text('Netflix US$15', 'Netflix ၁၅ ဒေါ်လာ'),
        description: text('Netflix gift code', 'Netflix လက်ဆောင်ကုဒ်'),
        priceMmk: 65000,
        faceValueMinor: 1500,
        faceCurrency: 'USD',
        imageUrl: '//cdn.example/netflix.png',
      },
    ])
    .returning();
  const sku = idBy(topups, (p) => p.sku);
  // Stock for Steam only: Netflix has none left and must show as out of stock.
  await db.insert(cards).values([
    {
      productId: sku('G-STEAM-10'),
      serial: 'S-1',
      pinEncrypted: 'x',
      status: 'available' as const,
    },
    { productId: sku('G-NETFLIX-15'), serial: 'N-1', pinEncrypted: 'x', status: 'sold' as const },
  ]);
  await db.insert(banners).values([
    {
      title: text('Second', 'ဒုတိယ'),
      description: text('Second banner', 'ဒုတိယ ကြော်ငြာ'),
      imageUrl: '/media/banners/2.svg',
      mobileImageUrl: "'/media/banners/2-mobile.svg'",
      tabletImageUrl: 'ftp://cdn.example/2.png',
      linkUrl: 'https://example.com/two',
      sortOrder: 2,
    },
    {
      title: text('First', 'ပထမ'),
      description: text('First banner', 'ပထမ ကြော်ငြာ'),
      imageUrl: 'https://cdn.example/1.png',
      mobileImageUrl: 'https://cdn.example/1-m.png',
      tabletImageUrl: 'https://cdn.example/1-t.png',
      linkUrl: '/about-us',
      sortOrder: 1,
    },
    {
      title: text('Hidden', 'ဝှက်'),
      description: text('Inactive banner', 'မပြ'),
      imageUrl: 'https://cdn.example/h.png',
      mobileImageUrl: 'https://cdn.example/h.png',
      tabletImageUrl: 'https://cdn.example/h.png',
      linkUrl: 'https://example.com',
      sortOrder: 0,
      isActive: false,
    },
  ]);
  await db.insert(exchangeRates).values([
    { currency: 'USD', symbol: '$', rate: '4500.2500' },
    { currency: 'THB', symbol: '฿', rate: '125', isActive: false },
  ]);
  return { topup, data, gift, topupSub, productId: sku, operatorId: op };
}
