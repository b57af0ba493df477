import { isCardKind } from '@shop/contracts/orders';
import { encryptSecret } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { createStockRepo, type NewCard } from './stock.repo.ts';

export const STOCK_COLUMNS = ['product', 'serial', 'pin', 'expiry'] as const;

export interface RejectedRow {
  /** Line in the file (1 is the header). */
  line: number;
  reason: string;
}

export interface StockImportReport {
  imported: number;
  /** Cards per product SKU that would be or were imported. */
  byProduct: Record<string, number>;
  rejected: RejectedRow[];
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
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T23:59:59Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value
      ? 'invalid'
      : date;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return 'invalid';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
}

/**
 * Imports E-PIN and gift-card stock from CSV (columns product, serial, pin, expiry; product is
 * the SKU or the product id). Every row is checked first; with any row rejected nothing is
 * written. Otherwise all cards go in one transaction, PINs encrypted (AES-256-GCM), so an import
 * is never half done, and the unique (product, serial) index refuses a racing duplicate import.
 */
export async function importStock(
  db: Db,
  pinKey: Buffer,
  csv: string,
  now: Date = new Date(),
): Promise<StockImportReport> {
  const rejected: RejectedRow[] = [];
  let records: { line: number; fields: string[] }[];
  try {
    records = parseCsv(csv).records;
  } catch (err) {
    return { imported: 0, byProduct: {}, rejected: [{ line: 0, reason: (err as Error).message }] };
  }
  const [header, ...rows] = records;
  if (!header) return { imported: 0, byProduct: {}, rejected: [{ line: 1, reason: 'empty file' }] };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const missing = STOCK_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0)
    return {
      imported: 0,
      byProduct: {},
      rejected: [
        {
          line: header.line,
          reason: `header must name the columns ${STOCK_COLUMNS.join(', ')}; missing ${missing.join(', ')}`,
        },
      ],
    };
  if (rows.length === 0)
    return { imported: 0, byProduct: {}, rejected: [{ line: 1, reason: 'no card rows' }] };
  const column = (fields: string[], name: (typeof STOCK_COLUMNS)[number]) =>
    (fields[names.indexOf(name)] ?? '').trim();

  const stock = createStockRepo(db);
  const products = await stock.productsForImport();
  const bySku = new Map(products.map((p) => [p.sku, p]));
  const byId = new Map(products.map((p) => [p.id, p]));
  const existing = new Set(
    (await stock.existingSerials(products.map((p) => p.id))).map(
      (c) => `${c.productId} ${c.serial}`,
    ),
  );
  const seen = new Map<string, number>();
  const cards: NewCard[] = [];
  const byProduct: Record<string, number> = {};

  for (const row of rows) {
    const reject = (reason: string) => rejected.push({ line: row.line, reason });
    if (row.fields.length !== names.length) {
      reject(`expected ${names.length} fields, found ${row.fields.length}`);
      continue;
    }
    const productKey = column(row.fields, 'product');
    const serial = column(row.fields, 'serial');
    const pin = column(row.fields, 'pin');
    const expiryText = column(row.fields, 'expiry');
    const product = bySku.get(productKey) ?? byId.get(productKey);
    if (!productKey) {
      reject('product is empty');
      continue;
    }
    if (!product) {
      reject(`unknown product ${productKey}`);
      continue;
    }
    if (!isCardKind(product.kind)) {
      reject(`product ${product.sku} is a ${product.kind} product, not sold from card stock`);
      continue;
    }
    if (!SERIAL.test(serial)) {
      reject(
        serial === ''
          ? 'serial is empty'
          : 'serial must be 1–64 letters, digits, dots, dashes, slashes or underscores',
      );
      continue;
    }
    if (!PIN.test(pin)) {
      reject(pin === '' ? 'pin is empty' : 'pin must be 4–64 letters, digits or dashes');
      continue;
    }
    const expiry = parseExpiry(expiryText);
    if (expiry === 'invalid') {
      reject(`expiry ${expiryText} is not a date (YYYY-MM-DD)`);
      continue;
    }
    if (expiry && expiry.getTime() <= now.getTime()) {
      reject(`expiry ${expiryText} has passed`);
      continue;
    }
    const key = `${product.id} ${serial}`;
    if (existing.has(key)) {
      reject(`serial ${serial} of ${product.sku} is already in stock`);
      continue;
    }
    const first = seen.get(key);
    if (first !== undefined) {
      reject(`serial ${serial} of ${product.sku} repeats line ${first}`);
      continue;
    }
    seen.set(key, row.line);
    cards.push({
      productId: product.id,
      serial,
      pinEncrypted: encryptSecret(pin, pinKey),
      expiresAt: expiry,
      status: 'available',
    });
    byProduct[product.sku] = (byProduct[product.sku] ?? 0) + 1;
  }

  if (rejected.length > 0) return { imported: 0, byProduct, rejected };
  await stock.inTransaction((tx) => createStockRepo(tx).insertCards(cards));
  return { imported: cards.length, byProduct, rejected };
}
