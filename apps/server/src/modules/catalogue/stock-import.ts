import {
  stockImportReasonText,
  type StockImportReason,
} from '@shop/contracts/admin-catalogue-messages';
import type { LocalizedText } from '@shop/contracts/i18n';
import { cardExpiryDate, cardExpiryInstant, isCardKind } from '@shop/contracts/orders';
import { encryptSecret } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { createStockRepo, type NewCard, type StockRepo } from './stock.repo.ts';

export const STOCK_COLUMNS = ['product', 'serial', 'pin', 'expiry'] as const;

export interface RejectedRow {
  /** Line in the file (1 is the header). */
  line: number;
  reason: string;
}

/** A refused row with its reason in both languages (the English is `reason`). */
export interface RefusedRow extends RejectedRow {
  text: LocalizedText;
}

export interface StockImportReport {
  imported: number;
  /** Cards per product SKU that would be or were imported. */
  byProduct: Record<string, number>;
  rejected: RejectedRow[];
}

/** The cards of one product in a checked file, in the order the file first names them. */
export interface CheckedProduct {
  productId: string;
  sku: string;
  name: LocalizedText;
  cards: number;
}

/** A checked file: the cards to write (PINs encrypted), or the refused rows. */
export interface StockCheck {
  cards: NewCard[];
  byProduct: CheckedProduct[];
  rejected: RefusedRow[];
}

/**
 * RFC 4180 CSV: commas, double-quoted fields with "" for a quote, CRLF or LF line ends. Answers
 * the records with the line each starts on; an unterminated quote is an error of that line.
 */
export function parseCsv(input: string): { records: { line: number; fields: string[] }[] } {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < text.length) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text.charAt(i + 1) === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text.charAt(i + 1) === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += c;
    i++;
  }
  if (quoted) throw new Error(`line ${recordLine}: a quoted field is not closed`);
  if (field !== '' || fields.length > 0) endRecord();
  return { records };
}

const SERIAL = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;
const PIN = /^[A-Za-z0-9][A-Za-z0-9-]{3,63}$/;

/** YYYY-MM-DD (end of that day, UTC) or a full ISO 8601 time; empty: the card does not expire. */
function parseExpiry(value: string): Date | null | 'invalid' {
  if (value === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value)) return 'invalid';
  if (value.length > 10 && Number.isNaN(new Date(value).getTime())) return 'invalid';
  // The day as written is the card's expiry date (a time after it does not move it to another
  // day in some time zone: issue 26).
  const day = value.slice(0, 10);
  const date = cardExpiryInstant(day);
  return Number.isNaN(date.getTime()) || cardExpiryDate(date) !== day ? 'invalid' : date;
}

/**
 * Reads and checks a card file (columns product, serial, pin, expiry; product is the SKU or the
 * product id) against the products and the stock in the database, writing nothing: the cards to
 * import with their PINs encrypted (AES-256-GCM), or every refused row with its reason. The one
 * parser of `npm run stock:import` and of the back-office import.
 */
export async function checkStockCsv(
  db: Db,
  pinKey: Buffer,
  csv: string,
  now: Date = new Date(),
): Promise<StockCheck> {
  const file = readStockFile(csv);
  if ('reason' in file) return { cards: [], byProduct: [], rejected: [file] };
  const known = await knownStock(db, now);
  const rejected: RefusedRow[] = [];
  const cards: NewCard[] = [];
  const byProduct = new Map<string, CheckedProduct>();

  for (const row of file.rows) {
    const checked = checkRow(file, known, row);
    if ('reason' in checked) {
      const text = stockImportReasonText(checked.reason, checked.values);
      rejected.push({ line: row.line, reason: text.en, text });
      continue;
    }
    const { product, serial, pin, expiry } = checked;
    known.seen.set(`${product.id} ${serial}`, row.line);
    cards.push({
      productId: product.id,
      serial,
      pinEncrypted: encryptSecret(pin, pinKey),
      expiresAt: expiry,
      status: 'available',
    });
    const counted = byProduct.get(product.id);
    if (counted) counted.cards += 1;
    else
      byProduct.set(product.id, {
        productId: product.id,
        sku: product.sku,
        name: product.name,
        cards: 1,
      });
  }
  return { cards, byProduct: [...byProduct.values()], rejected };
}

type CsvRecord = ReturnType<typeof parseCsv>['records'][number];
type StockColumn = (typeof STOCK_COLUMNS)[number];

/** A readable card file: its rows, each as wide as its header, and a row's value of a column. */
interface StockFile {
  rows: CsvRecord[];
  width: number;
  column: (fields: string[], name: StockColumn) => string;
}

/** The file's rows under a header that names every column, or why the whole file is refused. */
function readStockFile(csv: string): StockFile | RefusedRow {
  const refused = (line: number, text: LocalizedText): RefusedRow => ({
    line,
    reason: text.en,
    text,
  });
  let records: CsvRecord[];
  try {
    records = parseCsv(csv).records;
  } catch (err) {
    const line = Number(/^line (\d+):/.exec((err as Error).message)?.[1] ?? 0);
    return refused(0, stockImportReasonText('unreadable', { line }));
  }
  const [header, ...rows] = records;
  if (!header) return refused(1, stockImportReasonText('emptyFile'));
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const missing = STOCK_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0)
    return refused(
      header.line,
      stockImportReasonText('header', {
        columns: STOCK_COLUMNS.join(', '),
        missing: missing.join(', '),
      }),
    );
  if (rows.length === 0) return refused(1, stockImportReasonText('noRows'));
  return {
    rows,
    width: names.length,
    column: (fields, name) => (fields[names.indexOf(name)] ?? '').trim(),
  };
}

type ImportProduct = Awaited<ReturnType<StockRepo['productsForImport']>>[number];

/** What a row is checked against: the products, the serials in stock and those seen in the file. */
interface KnownStock {
  bySku: Map<string, ImportProduct>;
  byId: Map<string, ImportProduct>;
  /** "productId serial" of the cards in stock. */
  existing: Set<string>;
  /** "productId serial" of the file's accepted rows, with the line that first names each. */
  seen: Map<string, number>;
  now: Date;
}

async function knownStock(db: Db, now: Date): Promise<KnownStock> {
  const stock = createStockRepo(db);
  const products = await stock.productsForImport();
  const existing = new Set(
    (await stock.existingSerials(products.map((p) => p.id))).map(
      (c) => `${c.productId} ${c.serial}`,
    ),
  );
  return {
    bySku: new Map(products.map((p) => [p.sku, p])),
    byId: new Map(products.map((p) => [p.id, p])),
    existing,
    seen: new Map(),
    now,
  };
}

/** A row's card, or the first reason it is refused for (in the order the checks are listed). */
function checkRow(
  file: StockFile,
  known: KnownStock,
  row: CsvRecord,
):
  | { product: ImportProduct; serial: string; pin: string; expiry: Date | null }
  | { reason: StockImportReason; values?: Record<string, string | number> } {
  if (row.fields.length !== file.width)
    return { reason: 'fieldCount', values: { expected: file.width, found: row.fields.length } };
  const productKey = file.column(row.fields, 'product');
  const serial = file.column(row.fields, 'serial');
  const pin = file.column(row.fields, 'pin');
  const expiryText = file.column(row.fields, 'expiry');
  const product = known.bySku.get(productKey) ?? known.byId.get(productKey);
  if (!productKey) return { reason: 'productEmpty' };
  if (!product) return { reason: 'unknownProduct', values: { product: productKey } };
  if (!isCardKind(product.kind))
    return { reason: 'notCardProduct', values: { sku: product.sku, kind: product.kind } };
  if (!SERIAL.test(serial)) return { reason: serial === '' ? 'serialEmpty' : 'serialShape' };
  if (!PIN.test(pin)) return { reason: pin === '' ? 'pinEmpty' : 'pinShape' };
  const expiry = parseExpiry(expiryText);
  if (expiry === 'invalid') return { reason: 'expiryShape', values: { expiry: expiryText } };
  if (expiry && expiry.getTime() <= known.now.getTime())
    return { reason: 'expiryPassed', values: { expiry: expiryText } };
  const key = `${product.id} ${serial}`;
  if (known.existing.has(key)) return { reason: 'inStock', values: { serial, sku: product.sku } };
  const first = known.seen.get(key);
  if (first !== undefined)
    return { reason: 'repeats', values: { serial, sku: product.sku, first } };
  return { product, serial, pin, expiry };
}

/**
 * Writes checked cards in one transaction, so an import is never half done; `written` runs in
 * it (the back-office's audit record: both commit or neither). The unique (product, serial)
 * index refuses a racing duplicate import, and the whole transaction with it.
 */
export async function writeStock(
  db: Db,
  cards: NewCard[],
  written?: (tx: Db) => Promise<void>,
): Promise<void> {
  await createStockRepo(db).inTransaction(async (tx) => {
    await createStockRepo(tx).insertCards(cards);
    if (written) await written(tx);
  });
}

/**
 * Imports E-PIN and gift-card stock from CSV (`npm run stock:import`): checkStockCsv, then, with
 * no row rejected, writeStock; with any row rejected nothing is written.
 */
export async function importStock(
  db: Db,
  pinKey: Buffer,
  csv: string,
  now: Date = new Date(),
): Promise<StockImportReport> {
  const checked = await checkStockCsv(db, pinKey, csv, now);
  const byProduct = Object.fromEntries(checked.byProduct.map((p) => [p.sku, p.cards]));
  const rejected = checked.rejected.map(({ line, reason }) => ({ line, reason }));
  if (rejected.length > 0) return { imported: 0, byProduct, rejected };
  await writeStock(db, checked.cards);
  return { imported: checked.cards.length, byProduct, rejected };
}
