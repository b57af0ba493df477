// What the back-office's banner, category and card-stock calls say (issue 17), in English and
// Burmese: the schemas' messages (localised by validation-messages.ts through the server's
// addValidationMessages) and the answers of the server.

import type { LocalizedText } from './i18n.ts';
import { toBurmeseDigits, type Language } from './languages.ts';

export const adminCatalogueSchemaMessages = {
  bannerId: { en: 'Banner not found', my: 'ကြော်ငြာကို ရှာမတွေ့ပါ' },
  categoryId: { en: 'Category not found', my: 'အမျိုးအစားကို ရှာမတွေ့ပါ' },
  cardId: { en: 'Card not found', my: 'ကတ်ကို ရှာမတွေ့ပါ' },
  bannerTitle: {
    en: 'A banner title needs English and Burmese text of 1 to 120 characters each',
    my: 'ကြော်ငြာ ခေါင်းစဉ်တွင် အင်္ဂလိပ်နှင့် မြန်မာ စာသား တစ်ခုစီ စာလုံး ၁ လုံးမှ ၁၂၀ အထိ ပါရပါမည်',
  },
  bannerDescription: {
    en: 'A banner description needs English and Burmese text of at most 500 characters each',
    my: 'ကြော်ငြာ ဖော်ပြချက်တွင် အင်္ဂလိပ်နှင့် မြန်မာ စာသား တစ်ခုစီ စာလုံး ၅၀၀ ထက် မပိုရပါ',
  },
  bannerHeadline: {
    en: 'A banner headline is null, or English and Burmese text of 1 to 80 characters each',
    my: 'ကြော်ငြာ ခေါင်းစာသည် null သို့မဟုတ် အင်္ဂလိပ်နှင့် မြန်မာ စာသား တစ်ခုစီ စာလုံး ၁ လုံးမှ ၈၀ အထိ ဖြစ်ရပါမည်',
  },
  bannerCta: {
    en: 'A button label is null, or English and Burmese text of 1 to 30 characters each',
    my: 'ခလုတ် စာသားသည် null သို့မဟုတ် အင်္ဂလိပ်နှင့် မြန်မာ စာသား တစ်ခုစီ စာလုံး ၁ လုံးမှ ၃၀ အထိ ဖြစ်ရပါမည်',
  },
  bannerEndsOn: {
    en: 'The end date is a calendar day written YYYY-MM-DD, or null',
    my: 'ပြီးဆုံးမည့်ရက်ကို YYYY-MM-DD ပုံစံဖြင့် ရေးပါ (သို့မဟုတ် null)',
  },
  categoryName: {
    en: 'A category name needs English and Burmese text of 1 to 80 characters each',
    my: 'အမျိုးအစား အမည်တွင် အင်္ဂလိပ်နှင့် မြန်မာ စာသား တစ်ခုစီ စာလုံး ၁ လုံးမှ ၈၀ အထိ ပါရပါမည်',
  },
  linkUrl: {
    en: 'The link must be an http(s) address or a path of this site starting with /, or null',
    my: 'လင့်ခ်သည် http(s) လိပ်စာ သို့မဟုတ် / ဖြင့် စသော ဤဆိုက်၏ လမ်းကြောင်း ဖြစ်ရပါမည် (သို့မဟုတ် null)',
  },
  sortOrder: {
    en: 'The sort order is a whole number from 0 to 1,000,000',
    my: 'စီစဉ်မှု အစဉ်သည် ၀ မှ ၁,၀၀၀,၀၀၀ အထိ ကိန်းပြည့် ဖြစ်ရပါမည်',
  },
  active: {
    en: 'Active must be true or false',
    my: 'အသုံးပြုနိုင်မှု (active) သည် true သို့မဟုတ် false ဖြစ်ရပါမည်',
  },
  tint: {
    en: 'The header colour is written #rrggbb (like #0b2a5b), or null',
    my: 'ခေါင်းစီး အရောင်ကို # နှင့် ဆယ့်ခြောက်လီစနစ် ဂဏန်း ၆ လုံးဖြင့် ရေးပါ (သို့မဟုတ် null)',
  },
  bannerNothingToChange: {
    en: 'Give at least one of title, description, linkUrl, headline, ctaLabel, endsOn, sortOrder, active, tint or an image',
    my: 'ခေါင်းစဉ်၊ ဖော်ပြချက်၊ လင့်ခ်၊ ခေါင်းစာ၊ ခလုတ် စာသား၊ ပြီးဆုံးမည့်ရက်၊ စီစဉ်မှု အစဉ်၊ အသုံးပြုနိုင်မှု၊ အရောင် သို့မဟုတ် ပုံ အနည်းဆုံး တစ်ခုကို ပေးပါ',
  },
  categoryNothingToChange: {
    en: 'Give at least one of name, sortOrder, active or imageUrl',
    my: 'အမည်၊ စီစဉ်မှု အစဉ်၊ အသုံးပြုနိုင်မှု သို့မဟုတ် ပုံ အနည်းဆုံး တစ်ခုကို ပေးပါ',
  },
  imageUrl: {
    en: 'An image is one of the shop’s own /media/ paths (an uploaded image), or an address on the image CDN',
    my: 'ပုံသည် ဆိုင်၏ ကိုယ်ပိုင် /media/ လမ်းကြောင်း (တင်ထားသော ပုံ) သို့မဟုတ် ပုံ CDN ပေါ်ရှိ လိပ်စာ ဖြစ်ရပါမည်',
  },
  burmeseImages: {
    en: 'Burmese images are an object of imageUrl, tabletImageUrl and mobileImageUrl, or null',
    my: 'မြန်မာ ပုံများသည် imageUrl၊ tabletImageUrl နှင့် mobileImageUrl ပါသော object သို့မဟုတ် null ဖြစ်ရပါမည်',
  },
  operatorId: { en: 'Operator not found', my: 'အော်ပရေတာကို ရှာမတွေ့ပါ' },
  operatorName: {
    en: 'An operator name needs English and Burmese text of 1 to 60 characters each',
    my: 'အော်ပရေတာ အမည်တွင် အင်္ဂလိပ်နှင့် မြန်မာ စာသား တစ်ခုစီ စာလုံး ၁ လုံးမှ ၆၀ အထိ ပါရပါမည်',
  },
  brandColor: {
    en: 'The brand colour is written #rrggbb (like #f7b500)',
    my: 'အမှတ်တံဆိပ် အရောင်ကို # နှင့် ဆယ့်ခြောက်လီစနစ် ဂဏန်း ၆ လုံးဖြင့် ရေးပါ (ဥပမာ #f7b500)',
  },
  operatorNothingToChange: {
    en: 'Give at least one of name, brandColor or logoUrl',
    my: 'အမည်၊ အမှတ်တံဆိပ် အရောင် သို့မဟုတ် လိုဂို အနည်းဆုံး တစ်ခုကို ပေးပါ',
  },
  stockCsv: {
    en: 'The card file is CSV text of at most 2 MB',
    my: 'ကတ်ဖိုင်သည် ၂ မီဂါဘိုက်ထက် မပိုသော CSV စာသား ဖြစ်ရပါမည်',
  },
  stockCommit: {
    en: 'Commit must be true (import) or false (check only)',
    my: 'commit သည် true (ထည့်သွင်းရန်) သို့မဟုတ် false (စစ်ဆေးရုံသာ) ဖြစ်ရပါမည်',
  },
  voidReason: {
    // The same English as admin-customers-messages' reason, so the same Burmese: the table of
    // messages is keyed by the English and refuses two translations (validation-messages.ts).
    en: 'Give a reason of 3 to 200 characters',
    my: 'စာလုံး ၃ လုံးမှ ၂၀၀ လုံးအထိ အကြောင်းပြချက် ထည့်ပါ',
  },
  productId: { en: 'Product not found', my: 'ပစ္စည်းကို ရှာမတွေ့ပါ' },
  cardStatus: {
    en: 'Status must be available, reserved, sold or void',
    my: 'ကတ် အခြေအနေသည် available၊ reserved၊ sold သို့မဟုတ် void ဖြစ်ရပါမည်',
  },
} as const satisfies Record<string, LocalizedText>;

export const adminCatalogueMessages = {
  bannerNotFound: adminCatalogueSchemaMessages.bannerId,
  categoryNotFound: adminCatalogueSchemaMessages.categoryId,
  cardNotFound: adminCatalogueSchemaMessages.cardId,
  productNotFound: adminCatalogueSchemaMessages.productId,
  bannerUpdated: { en: 'Banner updated', my: 'ကြော်ငြာကို ပြင်ဆင်ပြီးပါပြီ' },
  categoryUpdated: { en: 'Category updated', my: 'အမျိုးအစားကို ပြင်ဆင်ပြီးပါပြီ' },
  stockChecked: {
    en: 'The file was checked; nothing was imported',
    my: 'ဖိုင်ကို စစ်ဆေးပြီးပါပြီ။ မည်သည့်ကတ်ကိုမျှ မထည့်သွင်းရသေးပါ',
  },
  stockImported: { en: 'Cards imported', my: 'ကတ်များကို ထည့်သွင်းပြီးပါပြီ' },
  /** {count}: rows refused. */
  stockRejected: {
    en: '{count} row(s) were refused; nothing was imported',
    my: 'အတန်း {count} ခုကို လက်မခံပါ။ မည်သည့်ကတ်ကိုမျှ မထည့်သွင်းရပါ',
  },
  stockRaced: {
    en: 'Some of these cards were imported at the same time by someone else; nothing was imported. Check the file again',
    my: 'ဤကတ်အချို့ကို အခြားသူတစ်ဦးက တစ်ချိန်တည်းတွင် ထည့်သွင်းခဲ့သဖြင့် မည်သည့်ကတ်ကိုမျှ မထည့်သွင်းရပါ။ ဖိုင်ကို ထပ်စစ်ပါ',
  },
  cardVoided: { en: 'Card voided', my: 'ကတ်ကို ပယ်ဖျက်ပြီးပါပြီ' },
  operatorNotFound: adminCatalogueSchemaMessages.operatorId,
  operatorUpdated: { en: 'Operator updated', my: 'အော်ပရေတာကို ပြင်ဆင်ပြီးပါပြီ' },
  /** An /media/uploads/ path no upload answered (typed by hand, or a typo). */
  imageNotUploaded: {
    en: 'That image was never uploaded; upload it first',
    my: 'ထိုပုံကို မတင်ရသေးပါ။ အရင် တင်ပါ',
  },
  /** An absolute address while IMAGE_CDN_ORIGIN is not set, or on another host. */
  imageForeignHost: {
    en: 'Images come from this shop (upload one) or from its configured image CDN',
    my: 'ပုံများသည် ဤဆိုင်မှ (တစ်ပုံ တင်ပါ) သို့မဟုတ် သတ်မှတ်ထားသော ပုံ CDN မှသာ ဖြစ်ရပါမည်',
  },
  /** GET /media/uploads/<file> of no upload (a public address: the shop's languages). */
  imageNotFound: { en: 'Image not found', my: 'ပုံကို ရှာမတွေ့ပါ' },
  /** The upload answers (POST /api/v1/admin/media). */
  mediaUploaded: { en: 'Image uploaded', my: 'ပုံကို တင်ပြီးပါပြီ' },
  mediaType: {
    en: 'Upload a PNG, JPEG or WebP image (SVG and other files are refused)',
    my: 'PNG၊ JPEG သို့မဟုတ် WebP ပုံကို တင်ပါ (SVG နှင့် အခြားဖိုင်များကို လက်မခံပါ)',
  },
  mediaNotThatType: {
    en: 'The file is not the image its type says (it must really be a PNG, JPEG or WebP image)',
    my: 'ဖိုင်သည် ၎င်း၏ အမျိုးအစားအတိုင်း ပုံ မဟုတ်ပါ (PNG၊ JPEG သို့မဟုတ် WebP ပုံ အစစ် ဖြစ်ရပါမည်)',
  },
  mediaEmpty: { en: 'The file is empty', my: 'ဖိုင်တွင် ဘာမျှ မပါပါ' },
  mediaCutShort: {
    en: 'The image is cut short or damaged; save it again and upload it',
    my: 'ပုံသည် မပြည့်စုံ သို့မဟုတ် ပျက်စီးနေပါသည်။ ပြန်သိမ်းပြီး ထပ်တင်ပါ',
  },
  mediaTooLarge: {
    en: 'The image is larger than 2 MB; make it smaller and upload it again',
    my: 'ပုံသည် ၂ မီဂါဘိုက်ထက် ကြီးနေပါသည်။ သေးအောင် ပြုလုပ်ပြီး ထပ်တင်ပါ',
  },
  mediaDimensions: {
    en: 'The image must be from 1 to 8,000 pixels wide and high',
    my: 'ပုံ၏ အလျားနှင့် အနံသည် ၁ မှ ၈,၀၀၀ ပစ်ဇယ်အထိ ဖြစ်ရပါမည်',
  },
  /** More than MEDIA_UPLOAD_MAX_AREA pixels in all (a decompression bomb, or just too big). */
  mediaVariantQuery: {
    en: 'Ask for an image size as w=150, 300, 600 or 1200, and a format, if any, as format=avif, webp or the file’s own ending (png, jpg)',
    my: 'ပုံအရွယ်အစားကို w=150၊ 300၊ 600 သို့မဟုတ် 1200 ဖြင့် တောင်းပါ။ ပုံစံကို format=avif၊ webp သို့မဟုတ် ဖိုင်၏ မူလ အဆုံးသတ် (png၊ jpg) ဖြင့် တောင်းနိုင်ပါသည်',
  },
  mediaTooManyPixels: {
    en: 'The image has more than 16 megapixels (for example 4,000 × 4,000); make it smaller and upload it again',
    my: 'ပုံတွင် ပစ်ဇယ် ၁၆ သန်းထက် ပိုများနေပါသည် (ဥပမာ ၄,၀၀၀ × ၄,၀၀၀)။ သေးအောင် ပြုလုပ်ပြီး ထပ်တင်ပါ',
  },
  cardSold: {
    en: 'This card was sold; it cannot be voided',
    my: 'ဤကတ်ကို ရောင်းပြီး ဖြစ်သဖြင့် ပယ်ဖျက်၍ မရပါ',
  },
  cardHeld: {
    en: 'An order is holding this card for its payment; it cannot be voided now',
    my: 'ငွေပေးချေမှုအတွက် မှာယူမှုတစ်ခုက ဤကတ်ကို ယာယီ သိမ်းထားသဖြင့် ယခု ပယ်ဖျက်၍ မရပါ',
  },
  cardAlreadyVoid: {
    en: 'This card is void already',
    my: 'ဤကတ်ကို ပယ်ဖျက်ပြီး ဖြစ်ပါသည်',
  },
} as const satisfies Record<string, LocalizedText>;

/** "3 row(s) were refused…" in both languages (Burmese digits in the Burmese). */
export function stockRejectedText(count: number): LocalizedText {
  const fill = (lang: Language) =>
    adminCatalogueMessages.stockRejected[lang].replace(
      '{count}',
      lang === 'my' ? toBurmeseDigits(String(count)) : String(count),
    );
  return { en: fill('en'), my: fill('my') };
}

/**
 * Why the card importer refused a row, in both languages: the English is what
 * `npm run stock:import` prints; {names} are filled with the row's values.
 */
export const stockImportReasons = {
  unreadable: {
    en: 'line {line}: a quoted field is not closed',
    my: 'စာကြောင်း {line}: ကိုးကားအမှတ်အသားဖြင့် ဖွင့်ထားသော အကွက်ကို ပြန်မပိတ်ထားပါ',
  },
  emptyFile: { en: 'empty file', my: 'ဖိုင်တွင် ဘာမျှ မပါပါ' },
  header: {
    en: 'header must name the columns {columns}; missing {missing}',
    my: 'ခေါင်းစီးတွင် {columns} ကော်လံများ ပါရပါမည်။ မပါသည်များ- {missing}',
  },
  noRows: { en: 'no card rows', my: 'ကတ် အတန်း မပါပါ' },
  fieldCount: {
    en: 'expected {expected} fields, found {found}',
    my: 'အကွက် {expected} ခု ရှိရမည့်အစား {found} ခု တွေ့ပါသည်',
  },
  productEmpty: { en: 'product is empty', my: 'ပစ္စည်း ကော်လံ ဗလာ ဖြစ်နေပါသည်' },
  unknownProduct: { en: 'unknown product {product}', my: 'ပစ္စည်း {product} ကို မသိပါ' },
  notCardProduct: {
    en: 'product {sku} is a {kind} product, not sold from card stock',
    my: 'ပစ္စည်း {sku} သည် {kind} ပစ္စည်း ဖြစ်၍ ကတ်စတော့မှ ရောင်းသည် မဟုတ်ပါ',
  },
  serialEmpty: { en: 'serial is empty', my: 'နံပါတ်စဉ် (serial) ဗလာ ဖြစ်နေပါသည်' },
  serialShape: {
    en: 'serial must be 1–64 letters, digits, dots, dashes, slashes or underscores',
    my: 'နံပါတ်စဉ် (serial) သည် အက္ခရာ၊ ဂဏန်း၊ အစက်၊ တုံးတို၊ မျဉ်းစောင်း သို့မဟုတ် အောက်မျဉ်း ၁ လုံးမှ ၆၄ လုံးအထိ ဖြစ်ရပါမည်',
  },
  pinEmpty: { en: 'pin is empty', my: 'ပင်နံပါတ် ဗလာ ဖြစ်နေပါသည်' },
  pinShape: {
    en: 'pin must be 4–64 letters, digits or dashes',
    my: 'ပင်နံပါတ်သည် အက္ခရာ၊ ဂဏန်း သို့မဟုတ် တုံးတို ၄ လုံးမှ ၆၄ လုံးအထိ ဖြစ်ရပါမည်',
  },
  expiryShape: {
    en: 'expiry {expiry} is not a date (YYYY-MM-DD)',
    my: 'သက်တမ်းကုန်ရက် {expiry} သည် ရက်စွဲ (နှစ်-လ-ရက်) မဟုတ်ပါ',
  },
  expiryPassed: {
    en: 'expiry {expiry} has passed',
    my: 'သက်တမ်းကုန်ရက် {expiry} ကျော်လွန်သွားပါပြီ',
  },
  inStock: {
    en: 'serial {serial} of {sku} is already in stock',
    my: '{sku} ၏ နံပါတ်စဉ် {serial} သည် စတော့တွင် ရှိပြီး ဖြစ်ပါသည်',
  },
  repeats: {
    en: 'serial {serial} of {sku} repeats line {first}',
    my: '{sku} ၏ နံပါတ်စဉ် {serial} သည် စာကြောင်း {first} ကို ထပ်နေပါသည်',
  },
} as const satisfies Record<string, LocalizedText>;
export type StockImportReason = keyof typeof stockImportReasons;

/**
 * A refusal in both languages, its values filled in (numbers in Burmese digits in the Burmese;
 * the row's own text, such as a serial, as it was written).
 */
export function stockImportReasonText(
  reason: StockImportReason,
  values: Readonly<Record<string, string | number>> = {},
): LocalizedText {
  const fill = (lang: Language) =>
    stockImportReasons[reason][lang].replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) return `{${name}}`;
      return typeof value === 'number' && lang === 'my'
        ? toBurmeseDigits(String(value))
        : String(value);
    });
  return { en: fill('en'), my: fill('my') };
}
