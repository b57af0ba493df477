import { yangonIso } from '../../platform/clock.ts';
import { dayRange } from './admin-paging.ts';
import type { AdminReportsRepo, ReportCursor } from './admin-reports.repo.ts';

/*
 * The back-office CSV reports (issue 17). Rows are read in keyset pages of REPORT_PAGE_SIZE
 * ((created_at, id) > the last row's, oldest first) and written as each page arrives, so however
 * many rows a range holds the server keeps one page in memory. Keyset pages rather than a server
 * cursor: a cursor needs one connection held in a transaction for the whole download (not possible
 * behind PgBouncer in transaction mode, ADR 0024, and it would hold PGlite's only connection), and
 * each page is an index range scan of its own.
 */

export const REPORT_PAGE_SIZE = 500;

/** Cell starts that a spreadsheet reads as a formula (OWASP "CSV injection"), tab and CR too. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): text that a spreadsheet would run as a formula gets a leading
 * apostrophe; a cell with a comma, quote or line break is quoted, its quotes doubled. Numbers are
 * written as they are (a negative amount is a number, not a formula).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type CsvCells = readonly (string | number | boolean | null | undefined)[];

/** A record and its CRLF line end (RFC 4180). */
export const csvLine = (cells: CsvCells) => `${cells.map(csvCell).join(',')}\r\n`;

const instants = (from: string, to: string) => {
  const range = dayRange(from, to);
  if (!range.from || !range.to) throw new Error('report range without ends');
  return { from: range.from, to: range.to };
};

/** One keyset page of a report: its rows (for the next page's cursor) and their CSV records. */
type ReportPage = (
  reports: AdminReportsRepo,
  range: { from: Date; to: Date },
  after: ReportCursor | null,
  pageSize: number,
) => Promise<{ rows: ReportCursor[]; records: CsvCells[] }>;

/**
 * A CSV report of the rows created on the Yangon days from..to (both included): the header, then
 * each page `page` reads after the last row of the one before, a chunk of lines a page, until a
 * page comes back short.
 */
const csvReport = (header: CsvCells, page: ReportPage) =>
  async function* (
    reports: AdminReportsRepo,
    from: string,
    to: string,
    pageSize = REPORT_PAGE_SIZE,
  ): AsyncGenerator<string> {
    const range = instants(from, to);
    yield csvLine(header);
    let after: ReportCursor | null = null;
    for (;;) {
      const { rows, records } = await page(reports, range, after, pageSize);
      const chunk = records.map(csvLine).join('');
      if (chunk) yield chunk;
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) return;
      after = { createdKey: last.createdKey, id: last.id };
    }
  };

export const ORDERS_CSV_HEADER = [
  'Order number',
  'Created (Asia/Yangon)',
  'Status',
  'Payment status',
  'Payment method',
  'Total MMK',
  'Discount MMK',
  'Promo code',
  'Customer e-mail',
  'Customer phone',
  'Recipients',
] as const;

/** The orders created on the Yangon days from..to (both included), header first, page by page. */
export const ordersCsv = csvReport(ORDERS_CSV_HEADER, async (reports, range, after, pageSize) => {
  const { rows, lines } = await reports.ordersReportPage(range, after, pageSize);
  return {
    rows,
    records: rows.map((row) => [
      row.orderNumber,
      yangonIso(row.createdAt),
      row.status,
      row.paymentStatus,
      row.paymentMethod,
      row.totalMmk,
      row.discountMmk,
      row.promoCode,
      row.email,
      row.phoneNumber,
      [...new Set(lines.filter((l) => l.orderId === row.id).map((l) => l.phoneNumber))].join(' '),
    ]),
  };
});

export const PAYMENTS_CSV_HEADER = [
  'Order number',
  'Provider',
  'Method',
  'Provider reference',
  'Amount MMK',
  'Status',
  'Created (Asia/Yangon)',
  'Paid (Asia/Yangon)',
  'Refund required',
  'Refund MMK',
] as const;

/** Every payment attempt created on the Yangon days from..to, header first, page by page. */
export const paymentsCsv = csvReport(
  PAYMENTS_CSV_HEADER,
  async (reports, range, after, pageSize) => {
    const rows = await reports.paymentsReportPage(range, after, pageSize);
    return {
      rows,
      records: rows.map((row) => [
        row.orderNumber,
        row.provider,
        row.method,
        row.reference,
        row.amountMmk,
        row.status,
        yangonIso(row.createdAt),
        yangonIso(row.paidAt),
        row.refundRequired ? 'yes' : 'no',
        row.refundAmountMmk,
      ]),
    };
  },
);
