import { toLatinDigits } from '@shop/contracts/languages';
import type { Order } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../catalogue/stock-import.ts';
import {
  cardListCsv,
  drawCardList,
  drawInvoice,
  type CardListInput,
  type InvoiceInput,
} from './order-documents.ts';
import { type Doc, newDocument, toBuffer } from './pdf-text.ts';
import { documentCard } from '../../test/order-documents-kit.ts';

describe('card list CSV', () => {
  it('keeps cells a spreadsheet would run as formulas as text', () => {
    const csv = cardListCsv([
      documentCard({ name: '=HYPERLINK("http://evil","x")', serialNumber: '+1', pin: '-2' }),
      documentCard({ name: '@SUM(A1)', serialNumber: '\tT', pin: '\rR' }),
    ]);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toBe(`G-STEAM-10,"'=HYPERLINK(""http://evil"",""x"")",'+1,'-2,,45000,45000`);
    expect(csv).toContain(`G-STEAM-10,'@SUM(A1),'\tT,"'\rR",,45000,45000`);
  });
});

/** The cells a spreadsheet's CSV import reads (the shop's own RFC 4180 reader). */
const cellsOf = (csv: string) => parseCsv(csv.replace(/^\uFEFF/, '')).records.map((r) => r.fields);

describe('card list CSV codes stay text in a spreadsheet', () => {
  it('writes long numeric PINs and serials with leading zeros as ="…" text constants', () => {
    const csv = cardListCsv([
      documentCard({ serialNumber: '000123', pin: '4220190000000001' }),
      documentCard({ serialNumber: 'AB"1', pin: '0042' }),
    ]);
    const rows = cellsOf(csv);
    expect(rows[0]).toEqual([
      'code',
      'name',
      'serial',
      'pin',
      'expiry',
      'card_price_mmk',
      'selling_price_mmk',
    ]);
    // The cell a spreadsheet reads is a formula whose only content is the string constant.
    expect(rows[1]?.slice(2, 4)).toEqual(['="000123"', '="4220190000000001"']);
    // A quote inside is doubled in the formula too: the constant cannot be closed early.
    expect(rows[2]?.slice(2, 4)).toEqual(['="AB""1"', '="0042"']);
    expect(csv).toContain(',"=""000123""","=""4220190000000001""",,45000,45000\r\n');
  });

  it('keeps the CSV-injection rule first: a code starting with = + - @ stays an apostrophe text', () => {
    const csv = cardListCsv([documentCard({ serialNumber: '=1+1', pin: '@0001' })]);
    const rows = cellsOf(csv);
    expect(rows[1]?.slice(2, 4)).toEqual(["'=1+1", "'@0001"]);
  });
});

/** A string drawn on the page: one `write`, its script runs joined, at the point it starts. */
interface Drawn {
  text: string;
  x: number;
  y: number;
}

/**
 * Records every string drawn on `doc`, in drawing order, by wrapping pdfkit's `text`. `write`
 * draws a mixed string as one call per script run, each but the last `continued`; the runs are
 * joined back into the string they were cut from. (pdftotext cannot give shaped Burmese back:
 * "ကျပ်" comes out as "က် ပါ".)
 */
function recordText(doc: Doc): Drawn[] {
  const drawn: Drawn[] = [];
  const draw = doc.text.bind(doc) as (...args: unknown[]) => Doc;
  let continuing = false;
  const recording = (value: unknown, ...rest: unknown[]) => {
    const last = drawn.at(-1);
    if (continuing && last) last.text += String(value);
    else {
      const [x, y] = typeof rest[0] === 'number' ? rest : [doc.x, doc.y];
      drawn.push({ text: String(value), x: Number(x), y: Number(y) });
    }
    const options = rest.find((arg) => typeof arg === 'object' && arg !== null);
    continuing = (options as { continued?: boolean } | undefined)?.continued === true;
    return draw(value, ...rest);
  };
  doc.text = recording;
  return drawn;
}

/** What `draw` writes on a fresh document, which is then finished as the download would be. */
async function drawnText<Input>(
  draw: (doc: Doc, input: Input) => void,
  input: Input,
): Promise<Drawn[]> {
  const doc = newDocument({ title: 'recorded', author: 'test' });
  const drawn = recordText(doc);
  draw(doc, input);
  await toBuffer(doc);
  return drawn;
}

/** The strings drawn on one line (the same top), left to right, line by line down the page. */
function rowsOf(drawn: Drawn[]): string[][] {
  const rows = new Map<number, Drawn[]>();
  for (const d of drawn) rows.set(d.y, [...(rows.get(d.y) ?? []), d]);
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => row.sort((a, b) => a.x - b.x).map((d) => d.text));
}

/** The row whose first string is `label`, without the label. */
const rowAfter = (rows: string[][], label: string) =>
  rows.find((row) => row[0] === label)?.slice(1);

/** "၁၃၅,၀၀၀ ကျပ်" → 135000; a minus sign kept. NaN for anything else. */
function burmeseKyat(text: string | undefined): number {
  const match = /^(-?)([၀-၉]{1,3}(?:,[၀-၉]{3})*) ကျပ်$/.exec(text ?? '');
  if (!match?.[2]) return NaN;
  return Number(`${match[1]}${toLatinDigits(match[2]).replaceAll(',', '')}`);
}

const LATIN_DIGIT = /[0-9]/;

/** A sale price on one line, a tier discount and a promo code (as in pdf-text.test.ts). */
const order = {
  orderNumber: 'ORD-2026-000123',
  createdAt: '2026-11-20T10:00:00Z',
  paidAt: '2026-11-20T18:05:00Z',
  paymentMethod: 'mmqr',
  status: 'completed',
  items: [
    {
      code: 'G-STEAM-10',
      name: 'Steam ၁၀ ဒေါ်လာ ကတ်',
      quantity: 3,
      price: 45000,
      unitPrice: 43333,
      lineTotal: 129999,
      status: 'delivered',
    },
    {
      code: 'MPT-1000',
      name: 'MPT ၁,၀၀၀ ကျပ်',
      quantity: 1,
      price: 1000,
      unitPrice: 1000,
      lineTotal: 1000,
      status: 'delivered',
    },
  ],
  subtotal: 136000,
  discount: 6001 + 1300 + 5000,
  promoCode: 'WELCOME10',
  promoDiscount: 5000,
  serviceFee: 0,
  tax: 0,
  total: 136000 - 6001 - 1300 - 5000,
  refund: null,
} as unknown as Order;

const invoiceInput = (lang: 'en' | 'my', over: Partial<Order> = {}): InvoiceInput => ({
  order: { ...order, ...over },
  invoiceNumber: 'INV-2026-000047',
  invoicedAt: '2026-11-21T20:00:00Z',
  customer: { name: 'Aung Aung', email: 'aung99@example.com' },
  lang,
});
const invoiceText = (input: InvoiceInput) => drawnText(drawInvoice, input);

/** Codes issued to the reader, printed as issued in either language (ADR 0023). */
const invoiceCodes = [
  'INV-2026-000047',
  'ORD-2026-000123',
  'G-STEAM-10',
  'MPT-1000',
  'WELCOME10',
  'aung99@example.com',
];

/** The drawn strings with a Latin digit left once the `codes` are taken out of them. */
const latinDigitsOutside = (drawn: Drawn[], codes: string[]) =>
  drawn
    .map((d) => codes.reduce((text, code) => text.replaceAll(code, ''), d.text))
    .filter((text) => LATIN_DIGIT.test(text));

describe('the Burmese invoice writes one numeral system (issue 26, ADR 0023)', () => {
  it('writes every date, quantity and amount in Burmese digits', async () => {
    const rows = rowsOf(await invoiceText(invoiceInput('my')));
    // Days in Yangon (UTC+6:30): the payment at 18:05 UTC and the invoice at 20:00 UTC are the next day.
    expect(rowAfter(rows, 'ငွေတောင်းခံသည့်ရက်')).toEqual(['၂၀၂၆-၁၁-၂၂']);
    expect(rowAfter(rows, 'အော်ဒါ မှာယူသည့်ရက်')).toEqual(['၂၀၂၆-၁၁-၂၀']);
    expect(rowAfter(rows, 'ငွေပေးချေသည့်ရက်')).toEqual(['၂၀၂၆-၁၁-၂၁']);
    expect(rowAfter(rows, 'G-STEAM-10')).toEqual([
      'Steam ၁၀ ဒေါ်လာ ကတ်',
      '၃',
      '၄၅,၀၀၀ ကျပ်',
      '၁၃၅,၀၀၀ ကျပ်',
    ]);
    expect(rowAfter(rows, 'MPT-1000')).toEqual(['MPT ၁,၀၀၀ ကျပ်', '၁', '၁,၀၀၀ ကျပ်', '၁,၀၀၀ ကျပ်']);
    expect(rowAfter(rows, 'စုစုပေါင်း (လျှော့ဈေးမတိုင်မီ)')).toEqual(['၁၃၆,၀၀၀ ကျပ်']);
    expect(rowAfter(rows, 'လျှော့ဈေး')).toEqual(['-၇,၃၀၁ ကျပ်']);
    expect(rowAfter(rows, 'ပရိုမိုကုဒ် WELCOME10')).toEqual(['-၅,၀၀၀ ကျပ်']);
    expect(rowAfter(rows, 'ဝန်ဆောင်ခ')).toEqual(['၀ ကျပ်']);
    expect(rowAfter(rows, 'အခွန်')).toEqual(['၀ ကျပ်']);
    expect(rowAfter(rows, 'စုစုပေါင်း')).toEqual(['၁၂၃,၆၉၉ ကျပ်']);
  });

  it('draws no Latin digit outside the codes issued to the reader (invoice, order, product and promo codes, e-mail)', async () => {
    const drawn = await invoiceText(invoiceInput('my'));
    expect(drawn.map((d) => d.text)).toEqual(
      expect.arrayContaining(['INV-2026-000047', 'ORD-2026-000123', 'G-STEAM-10']),
    );
    expect(latinDigitsOutside(drawn, invoiceCodes)).toEqual([]);
  });

  it('lines add up to the subtotal, and the subtotal less the discounts is the total, read back from Burmese digits', async () => {
    const rows = rowsOf(await invoiceText(invoiceInput('my')));
    const lines = rows.filter((row) => row[0] === 'G-STEAM-10' || row[0] === 'MPT-1000');
    const amounts = lines.map((row) => burmeseKyat(row.at(-1)));
    expect(amounts).toEqual([135000, 1000]);
    const subtotal = burmeseKyat(rowAfter(rows, 'စုစုပေါင်း (လျှော့ဈေးမတိုင်မီ)')?.[0]);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(subtotal);
    const rest = ['လျှော့ဈေး', 'ပရိုမိုကုဒ် WELCOME10', 'ဝန်ဆောင်ခ', 'အခွန်'].map((label) =>
      burmeseKyat(rowAfter(rows, label)?.[0]),
    );
    expect(rest.reduce((a, b) => a + b, subtotal)).toBe(
      burmeseKyat(rowAfter(rows, 'စုစုပေါင်း')?.[0]),
    );
  });

  it('the invoice of a partly delivered order names its refund in Burmese digits', async () => {
    const failed = invoiceInput('my', {
      status: 'failed',
      items: [order.items[0], { ...order.items[1], status: 'failed' }] as Order['items'],
      promoCode: null,
      promoDiscount: 0,
      discount: 6001 + 1300,
      total: 136000 - 6001 - 1300,
      refund: { amount: 1000 } as Order['refund'],
    });
    const drawn = await invoiceText(failed);
    expect(drawn.map((d) => d.text)).toContain(
      'မပို့ဆောင်နိုင်သော ပစ္စည်းများအတွက် ငွေမတောင်းခံပါ။ ၎င်းတို့အတွက် ၁,၀၀၀ ကျပ် ပြန်အမ်းပါမည်။',
    );
    expect(rowAfter(rowsOf(drawn), 'စုစုပေါင်း')).toEqual(['၁၂၇,၆၉၉ ကျပ်']);
    expect(latinDigitsOutside(drawn, invoiceCodes)).toEqual([]);
  });

  it('the English invoice keeps Latin digits', async () => {
    const rows = rowsOf(await invoiceText(invoiceInput('en')));
    expect(rowAfter(rows, 'Invoice date')).toEqual(['2026-11-22']);
    expect(rowAfter(rows, 'G-STEAM-10')).toEqual([
      'Steam ၁၀ ဒေါ်လာ ကတ်',
      '3',
      '45,000 Ks',
      '135,000 Ks',
    ]);
    expect(rowAfter(rows, 'Total')).toEqual(['123,699 Ks']);
  });
});

const cardListInput = (lang: 'en' | 'my'): CardListInput => ({
  order,
  cards: [
    documentCard({ name: 'Steam ၁၀ ဒေါ်လာ ကတ်', serialNumber: '000123', pin: '4220190000000001' }),
    documentCard({
      cardId: 'c2',
      name: 'Steam ၁၀ ဒေါ်လာ ကတ်',
      serialNumber: 'SN-0042-AB',
      pin: '0042 9981 7765',
      expiresAt: '2027-01-31T00:00:00Z',
    }),
  ],
  lang,
});
const cardListText = (input: CardListInput) => drawnText(drawCardList, input);

describe('the Burmese card list writes one numeral system (issue 26, ADR 0023)', () => {
  it('writes expiry dates in Burmese digits and serials and PINs as issued', async () => {
    const drawn = await cardListText(cardListInput('my'));
    const rows = rowsOf(drawn);
    expect(rowAfter(rows, 'Steam ၁၀ ဒေါ်လာ ကတ်')).toEqual([
      '000123',
      '4220190000000001',
      'သက်တမ်း မကုန်ပါ',
    ]);
    expect(rows).toContainEqual([
      'Steam ၁၀ ဒေါ်လာ ကတ်',
      'SN-0042-AB',
      '0042 9981 7765',
      '၂၀၂၇-၀၁-၃၁',
    ]);
    const codes = ['ORD-2026-000123', '000123', '4220190000000001', 'SN-0042-AB', '0042 9981 7765'];
    expect(latinDigitsOutside(drawn, codes)).toEqual([]);
  });

  it('a name that wraps in its column pushes the next card down, not under it', async () => {
    const long = 'A gift card whose name is too long for one line of its column';
    const input = cardListInput('en');
    const cards = [
      documentCard({ name: long }),
      documentCard({ name: 'Steam 10' }),
      documentCard({ name: 'Steam 20' }),
    ];
    const drawn = await cardListText({ ...input, cards });
    const top = (name: string) => drawn.find((d) => d.text === name)?.y ?? NaN;
    const oneLine = top('Steam 20') - top('Steam 10');
    expect(oneLine).toBeGreaterThan(0);
    // Two lines of the long name, then the gap every row has (it was one row's height).
    expect(top('Steam 10') - top(long)).toBeGreaterThan(1.5 * oneLine);
  });

  it('the English card list keeps Latin digits', async () => {
    const rows = rowsOf(await cardListText(cardListInput('en')));
    expect(rows).toContainEqual([
      'Steam ၁၀ ဒေါ်လာ ကတ်',
      'SN-0042-AB',
      '0042 9981 7765',
      '2027-01-31',
    ]);
  });
});
