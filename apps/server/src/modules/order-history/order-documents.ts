import { paymentMethodLabels } from '@shop/contracts/checkout';
import { formatNumber, localDigits, type Language, type LocalizedText } from '@shop/contracts/i18n';
import { formatKyat } from '@shop/contracts/money';
import { cardLabels } from '@shop/contracts/order-messages';
import { cardExpiryDate, type Order, type OrderCard } from '@shop/contracts/orders';
import { type Doc, newDocument as newPdf, toBuffer, write } from './pdf-text.ts';

/**
 * The order's downloads (shopping spec §2 Orders: "download card list or PDF, generate invoice"):
 * PDFs made with pdfkit, embedding Noto Sans for Latin text and Noto Sans Myanmar for Burmese
 * (DESIGN §3.10: the Burmese font travels with the document, so it prints right anywhere), the
 * Burmese shaped by HarfBuzz (pdf-text.ts, ADR 0019).
 */

const SHOP_NAME: LocalizedText = { en: 'MyanTopup', my: 'မြန်မာ ငွေဖြည့်ဆိုင်' };

const labels = {
  invoice: { en: 'Invoice', my: 'ငွေတောင်းခံလွှာ' },
  cardList: { en: 'Card list', my: 'ကတ်စာရင်း' },
  invoiceNumber: { en: 'Invoice number', my: 'ငွေတောင်းခံလွှာ နံပါတ်' },
  invoiceDate: { en: 'Invoice date', my: 'ငွေတောင်းခံသည့်ရက်' },
  orderNumber: { en: 'Order number', my: 'အော်ဒါ နံပါတ်' },
  orderDate: { en: 'Order date', my: 'အော်ဒါ မှာယူသည့်ရက်' },
  billedTo: { en: 'Billed to', my: 'ငွေတောင်းခံသူ' },
  paymentMethod: { en: 'Payment method', my: 'ငွေပေးချေမှု နည်းလမ်း' },
  paidAt: { en: 'Paid', my: 'ငွေပေးချေသည့်ရက်' },
  code: { en: 'Code', my: 'ကုဒ်' },
  item: { en: 'Item', my: 'ပစ္စည်း' },
  quantity: { en: 'Qty', my: 'အရေအတွက်' },
  unitPrice: { en: 'Unit price', my: 'တစ်ခုဈေး' },
  amount: { en: 'Amount', my: 'ပမာဏ' },
  subtotal: { en: 'Subtotal', my: 'စုစုပေါင်း (လျှော့ဈေးမတိုင်မီ)' },
  discount: { en: 'Discount', my: 'လျှော့ဈေး' },
  promoCode: { en: 'Promo code', my: 'ပရိုမိုကုဒ်' },
  serviceFee: { en: 'Service fee', my: 'ဝန်ဆောင်ခ' },
  tax: { en: 'Tax', my: 'အခွန်' },
  total: { en: 'Total', my: 'စုစုပေါင်း' },
  currencyNote: {
    en: 'Amounts in Myanmar kyat (MMK). Service fee 0 Ks.',
    my: 'ပမာဏများကို မြန်မာကျပ်ဖြင့် ဖော်ပြထားပါသည်။ ဝန်ဆောင်ခ ၀ ကျပ်။',
  },
  ...cardLabels,
  price: { en: 'Price', my: 'ဈေးနှုန်း' },
  keepSecret: {
    en: 'Keep these PINs private: anyone who has a PIN can use it.',
    my: 'ဤ PIN များကို လျှို့ဝှက်ထားပါ။ PIN ရှိသူမည်သူမဆို အသုံးပြုနိုင်ပါသည်။',
  },
  partInvoice: {
    en: 'Invoice for the delivered part of the order',
    my: 'အော်ဒါ၏ ပို့ဆောင်ပြီးသော အပိုင်းအတွက် ငွေတောင်းခံလွှာ',
  },
  notDelivered: {
    en: 'Items not delivered are not billed: {amount} is refunded for them.',
    my: 'မပို့ဆောင်နိုင်သော ပစ္စည်းများအတွက် ငွေမတောင်းခံပါ။ ၎င်းတို့အတွက် {amount} ပြန်အမ်းပါမည်။',
  },
} satisfies Record<string, LocalizedText>;

function newDocument(title: string): Doc {
  return newPdf({ title, author: SHOP_NAME.en });
}

/** Day in Yangon (UTC+6:30), the date printed on receipts, in the language's digits. */
const yangonDate = (iso: string, lang: Language) =>
  localDigits(new Date(new Date(iso).getTime() + 6.5 * 3600_000).toISOString().slice(0, 10), lang);

function header(doc: Doc, title: string, lang: Language): number {
  write(doc, SHOP_NAME[lang], 48, 48, { size: 18, bold: true });
  write(doc, title, 48, 78, { size: 14 });
  doc
    .moveTo(48, 104)
    .lineTo(doc.page.width - 48, 104)
    .strokeColor('#999999')
    .stroke();
  return 116;
}

/**
 * What a partly delivered order bills (ADR 0051): its delivered lines, and what was paid for them —
 * the total less the refund of the lines not delivered (fulfilment's share rule, so the invoice
 * and the refund add up to what was paid). Discounts are the difference, the promo code's part
 * shared out in proportion. A completed order is billed whole.
 */
export function deliveredPart(order: Order): { order: Order; notDelivered: number } {
  if (order.status !== 'failed') return { order, notDelivered: 0 };
  const delivered = order.items.filter((item) => item.status === 'delivered');
  // At list prices, as the invoice's lines are (a sale price is part of the discount).
  const subtotal = delivered.reduce((n, item) => n + item.price * item.quantity, 0);
  const notDelivered = order.refund?.amount ?? order.total - subtotal;
  const total = Math.max(0, order.total - notDelivered);
  const discount = Math.max(0, subtotal + order.serviceFee + order.tax - total);
  const promoDiscount =
    order.total + order.discount > 0
      ? Math.min(
          discount,
          Math.round((order.promoDiscount * (total + discount)) / (order.total + order.discount)),
        )
      : 0;
  return {
    order: {
      ...order,
      items: delivered,
      totalItems: delivered.reduce((n, item) => n + item.quantity, 0),
      subtotal,
      discount,
      promoDiscount,
      total,
    },
    notDelivered,
  };
}

export interface InvoiceInput {
  order: Order;
  invoiceNumber: string;
  invoicedAt: string;
  customer: { name: string; email: string };
  lang: Language;
}

export async function invoicePdf(input: InvoiceInput): Promise<Buffer> {
  const doc = newDocument(`${labels.invoice.en} ${input.invoiceNumber}`);
  drawInvoice(doc, input);
  return toBuffer(doc);
}

/**
 * The invoice drawn on `doc`. Amounts, quantities and dates are written in the document's numeral
 * system (ADR 0023, issue 26): "45,000 Ks" in English, "၄၅,၀၀၀ ကျပ်" in Burmese. Codes the reader
 * types elsewhere — invoice, order and promo codes, product codes, e-mail addresses — keep their
 * Latin digits as issued; product names are drawn as the catalogue words them in the language.
 * (A test draws on a document that records every string it is given, to read the Burmese numbers
 * back: order-documents.test.ts.)
 */
export function drawInvoice(doc: Doc, input: InvoiceInput): void {
  const { order, notDelivered } = deliveredPart(input.order);
  const { lang } = input;
  const pen: InvoicePen = {
    doc,
    lang,
    t: (key) => labels[key][lang],
    kyat: (n) => formatKyat(n, lang),
  };
  let y = header(doc, notDelivered > 0 ? pen.t('partInvoice') : pen.t('invoice'), lang);
  y = drawFacts(pen, y, input, order);
  y += 12;
  y = drawLines(pen, y, order);
  y += 8;
  y = drawTotals(pen, y, order);
  y += 12;
  if (notDelivered > 0) {
    write(doc, pen.t('notDelivered').replace('{amount}', pen.kyat(notDelivered)), 48, y, {
      width: 499,
    });
    y += 24;
  }
  write(doc, pen.t('currencyNote'), 48, y, { width: 499, size: 9 });
}

/** What each part of the invoice draws with: the document, its language, labels and amounts. */
interface InvoicePen {
  doc: Doc;
  lang: Language;
  t: (key: keyof typeof labels) => string;
  kyat: (n: number) => string;
}

/** The invoice's facts, a label and its value a row; returns the y below them. */
function drawFacts({ doc, lang, t }: InvoicePen, top: number, input: InvoiceInput, order: Order) {
  let y = top;
  const facts: [string, string][] = [
    [t('invoiceNumber'), input.invoiceNumber],
    [t('invoiceDate'), yangonDate(input.invoicedAt, lang)],
    [t('orderNumber'), order.orderNumber],
    [t('orderDate'), yangonDate(order.createdAt, lang)],
    [t('billedTo'), `${input.customer.name} <${input.customer.email}>`],
    [t('paymentMethod'), order.paymentMethod ? paymentMethodLabels[order.paymentMethod][lang] : ''],
    [t('paidAt'), order.paidAt ? yangonDate(order.paidAt, lang) : ''],
  ];
  for (const [label, value] of facts) {
    write(doc, label, 48, y, { width: 150 });
    write(doc, value, 210, y, { width: 330 });
    y += 18;
  }
  return y;
}

/** The table of the order's lines under its column heads; returns the y below the last row. */
function drawLines({ doc, lang, t, kyat }: InvoicePen, top: number, order: Order) {
  let y = top;
  const columns = [
    { key: t('code'), x: 48, width: 85 },
    { key: t('item'), x: 135, width: 180 },
    { key: t('quantity'), x: 317, width: 62, align: 'right' as const },
    { key: t('unitPrice'), x: 381, width: 78, align: 'right' as const },
    { key: t('amount'), x: 461, width: 86, align: 'right' as const },
  ];
  for (const c of columns)
    write(doc, c.key, c.x, y, { width: c.width, bold: true, align: c.align ?? 'left' });
  y += 20;
  for (const item of order.items) {
    // At list price, so the lines add up to the subtotal (issue 26); what a sale price, the tier
    // and a promo code take off is the discount below.
    const cells = [
      item.code,
      item.name,
      formatNumber(item.quantity, lang),
      kyat(item.price),
      kyat(item.price * item.quantity),
    ];
    // The next row starts below the tallest cell (a long name wraps onto more lines).
    y =
      Math.max(
        writeRow(doc, columns, cells, y, () => false),
        y + 16,
      ) + 4;
    if (y > doc.page.height - 160) {
      doc.addPage();
      y = 48;
    }
  }
  return y;
}

/** Subtotal, discounts, fee, tax and the total in bold; returns the y below them. */
function drawTotals({ doc, t, kyat }: InvoicePen, top: number, order: Order) {
  let y = top;
  const totals: [string, string][] = [
    [t('subtotal'), kyat(order.subtotal)],
    // The promo code's part on a line of its own (issue 17); "Discount" is then the rest of it.
    ...(order.promoCode
      ? ([
          [
            t('discount'),
            order.discount > order.promoDiscount
              ? `-${kyat(order.discount - order.promoDiscount)}`
              : kyat(0),
          ],
          [`${t('promoCode')} ${order.promoCode}`, `-${kyat(order.promoDiscount)}`],
        ] satisfies [string, string][])
      : ([[t('discount'), order.discount > 0 ? `-${kyat(order.discount)}` : kyat(0)]] satisfies [
          string,
          string,
        ][])),
    [t('serviceFee'), kyat(order.serviceFee)],
    [t('tax'), kyat(order.tax)],
    [t('total'), kyat(order.total)],
  ];
  for (const [label, value] of totals) {
    const bold = label === t('total');
    write(doc, label, 300, y, { width: 150, bold });
    write(doc, value, 450, y, { width: 97, align: 'right', bold });
    y += 18;
  }
  return y;
}

export interface CardListInput {
  order: Order;
  cards: OrderCard[];
  lang: Language;
}

export async function cardListPdf(input: CardListInput): Promise<Buffer> {
  const doc = newDocument(`${labels.cardList.en} ${input.order.orderNumber}`);
  drawCardList(doc, input);
  return toBuffer(doc);
}

/**
 * The card list drawn on `doc` (recorded by a test as the invoice is): expiry dates in the
 * document's numeral system, serials and PINs as issued (ADR 0023).
 */
export function drawCardList(doc: Doc, input: CardListInput): void {
  const { order, lang } = input;
  const t = (key: keyof typeof labels) => labels[key][lang];
  let y = header(doc, `${t('cardList')} — ${order.orderNumber}`, lang);
  const columns = [
    { key: t('item'), x: 48, width: 150 },
    { key: t('serial'), x: 200, width: 120 },
    // A 16-digit PIN in bold takes about 100 pt; the Burmese "Expires" about 95.
    { key: t('pin'), x: 322, width: 120 },
    { key: t('expires'), x: 444, width: 103 },
  ];
  // A heading or a cell that wraps (a long product name) pushes the next row down.
  const headings = columns.map((c) => c.key);
  y =
    Math.max(
      writeRow(doc, columns, headings, y, () => true),
      y + 16,
    ) + 4;
  for (const card of input.cards) {
    const rowTop = y;
    const cells = [
      card.name,
      card.serialNumber,
      card.pin ?? '',
      card.expiresAt ? localDigits(cardExpiryDate(card.expiresAt), lang) : t('noExpiry'),
    ];
    y =
      Math.max(
        writeRow(doc, columns, cells, rowTop, (i) => i === 2),
        rowTop + 16,
      ) + 4;
    if (y > doc.page.height - 80) {
      doc.addPage();
      y = 48;
    }
  }
  y += 12;
  write(doc, t('keepSecret'), 48, y, { width: 499, size: 9 });
}

/**
 * One row of a table at `top`, each cell wrapped within its column (bold where `bold(i)`);
 * answers the y below its tallest cell.
 */
function writeRow(
  doc: Doc,
  columns: readonly { x: number; width: number; align?: 'left' | 'right' }[],
  cells: readonly string[],
  top: number,
  bold: (i: number) => boolean,
): number {
  let bottom = top;
  cells.forEach((value, i) => {
    const c = columns[i];
    if (!c) return;
    write(doc, value, c.x, top, { width: c.width, bold: bold(i), align: c.align ?? 'left' });
    bottom = Math.max(bottom, doc.y);
  });
  return bottom;
}

/**
 * A spreadsheet turns a code that looks like a number into one: PIN 4220190000000001 becomes
 * 4.22019E+15 (a digit lost past 15 significant digits) and serial 000123 becomes 123. Serials and
 * PINs are therefore written as the formula ="…", a text constant that Excel, LibreOffice and
 * Google Sheets show exactly as written. Every quote inside is doubled, so the value can only ever
 * be that constant, never a formula of its own. Values the CSV-injection rule already neutralises
 * (first character = + - @ tab CR) keep their apostrophe; a value too long for a formula string
 * (255 characters) or holding a line break stays a plain cell.
 */
function textCode(raw: string): string | null {
  if (raw === '' || /^[=+\-@\t\r]/.test(raw) || raw.length > 255 || /[\r\n]/.test(raw)) return null;
  return `="${raw.replaceAll('"', '""')}"`;
}

/** RFC 4180 CSV with a byte-order mark, so spreadsheet programs read the Burmese names. */
export function cardListCsv(cards: OrderCard[]): string {
  const quote = (text: string) =>
    /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  const cell = (value: string | number | null) => {
    const raw = value === null ? '' : String(value);
    // A text cell a spreadsheet would run as a formula (CSV injection) is kept as text.
    return quote(typeof value === 'string' && /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw);
  };
  const code = (value: string | null) => {
    const formula = value === null ? null : textCode(value);
    return formula === null ? cell(value) : quote(formula);
  };
  const rows = [
    ['code', 'name', 'serial', 'pin', 'expiry', 'card_price_mmk', 'selling_price_mmk'].map(cell),
    ...cards.map((c) => [
      cell(c.code),
      cell(c.name),
      code(c.serialNumber),
      code(c.pin),
      cell(c.expiresAt ? cardExpiryDate(c.expiresAt) : ''),
      cell(c.cardPrice),
      cell(c.sellingPrice),
    ]),
  ];
  return `\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
}
