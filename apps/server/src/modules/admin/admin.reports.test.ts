import type { AuditEntry } from '@shop/contracts/admin';
import { adminCustomerSchemaMessages } from '@shop/contracts/admin-customers-messages';
import { adminMessages } from '@shop/contracts/admin-messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../test/auth-kit.ts';
import { MPT_PHONE, signedIn } from '../../test/checkout-kit.ts';
import { paidOrder } from '../../test/fulfilment-kit.ts';
import { orderItems, orders } from '../orders/orders.tables.ts';
import { payments } from '../payments/payments.tables.ts';
import {
  csvCell,
  csvLine,
  ORDERS_CSV_HEADER,
  ordersCsv,
  PAYMENTS_CSV_HEADER,
  REPORT_PAGE_SIZE,
} from './admin-csv.ts';
import { createAdminReportsRepo } from './admin-reports.repo.ts';
import { openBackOffice } from '../../test/admin-kit.ts';

/* The back-office CSV reports (issue 17): content, quoting, formula injection, paging, refusals. */

/** A minimal RFC 4180 reader: records of cells (quoted cells may hold commas, quotes, CR LF). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell !== '' || record.length) throw new Error('CSV does not end with CRLF');
  return records;
}

const yangonDay = (instant: Date) =>
  new Date(instant.getTime() + 6.5 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe('CSV cells', () => {
  it('quotes per RFC 4180 and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(parseCsv(`${csvCell(`${start}1+2`)}\r\n`)[0]?.[0], JSON.stringify(start)).toBe(
        `'${start}1+2`,
      );
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('back-office CSV reports', () => {
  let buyer: Awaited<ReturnType<typeof signedIn>>;
  let paid: Awaited<ReturnType<typeof paidOrder>>;

  /** Orders written straight into the table (a thousand checkouts would take minutes). */
  async function insertOrders(
    rows: {
      orderNumber: string;
      createdAt: Date;
      promoCode?: string | null;
      totalMmk?: number;
      discountMmk?: number;
    }[],
  ) {
    const made = await s.t.database.db
      .insert(orders)
      .values(
        rows.map((r) => ({
          orderNumber: r.orderNumber,
          userId: buyer.userId,
          subtotalMmk: (r.totalMmk ?? 1000) + (r.discountMmk ?? 0),
          discountMmk: r.discountMmk ?? 0,
          promoCode: r.promoCode ?? null,
          totalMmk: r.totalMmk ?? 1000,
          idempotencyKey: `test:${r.orderNumber}`,
          cartFingerprint: 'test',
          createdAt: r.createdAt,
        })),
      )
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    return made;
  }

  const { s, admin, support } = openBackOffice();
  beforeAll(async () => {
    buyer = await signedIn(s);
    paid = await paidOrder(s, [{ sku: 'T-MPT-1000', quantity: 2, phoneNumber: MPT_PHONE }], {
      user: buyer,
    });
  });

  const get = (url: string, staff = admin, lang = 'en') =>
    s.t.app.inject({ url, headers: { ...staff.headers, 'accept-language': lang } });

  it('exports orders as CSV: headers, header row, Yangon times, recipients, buyer', async () => {
    const now = s.clock();
    const from = yangonDay(new Date(now.getTime() - 24 * 60 * 60 * 1000));
    const to = yangonDay(new Date(now.getTime() + 24 * 60 * 60 * 1000));
    const res = await get(`/api/v1/admin/reports/orders.csv?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="orders-${from}-to-${to}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...ORDERS_CSV_HEADER]);
    const row = rows.find((r) => r[0] === paid.order.orderNumber);
    expect(row).toBeDefined();
    const [
      ,
      created,
      status,
      paymentStatus,
      method,
      total,
      discount,
      promo,
      email,
      phone,
      recipients,
    ] = row ?? [];
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+06:30$/);
    expect(status).toMatch(/^(processing|completed)$/);
    expect(paymentStatus).toBe('paid');
    expect(method).toBe('mmqr');
    expect(Number(total)).toBe(paid.order.total);
    expect(discount).toBe('0');
    expect(promo).toBe('');
    expect(email).toBe(buyer.person.email);
    expect(phone).toBe(buyer.person.phone95);
    expect(recipients).toBe(`95${MPT_PHONE.slice(1)}`);
  });

  it('counts orders by Yangon calendar day (UTC+06:30), both ends included', async () => {
    await insertOrders([
      // 2029-03-09 23:59:59 in Yangon: the day before the range.
      { orderNumber: 'DAY-BEFORE', createdAt: new Date('2029-03-09T17:29:59Z') },
      // 2029-03-10 00:00:00 in Yangon, though still the 9th in UTC.
      { orderNumber: 'DAY-FIRST', createdAt: new Date('2029-03-09T17:30:00Z') },
      { orderNumber: 'DAY-LAST', createdAt: new Date('2029-03-11T17:29:59.999Z') },
      { orderNumber: 'DAY-AFTER', createdAt: new Date('2029-03-11T17:30:00Z') },
    ]);
    const res = await get('/api/v1/admin/reports/orders.csv?from=2029-03-10&to=2029-03-11');
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((r) => r[0])).toEqual(['DAY-FIRST', 'DAY-LAST']);
    expect(rows.map((r) => r[1])).toEqual([
      '2029-03-10T00:00:00.000+06:30',
      '2029-03-11T23:59:59.999+06:30',
    ]);
  });

  it('quotes cells and neutralises spreadsheet formulas', async () => {
    const at = new Date('2029-04-01T06:00:00Z');
    const made = await insertOrders([
      { orderNumber: 'Q-1,"two"\r\nthree', createdAt: at, promoCode: '=HYPERLINK("http://evil")' },
      { orderNumber: 'Q-2', createdAt: new Date(at.getTime() + 1), promoCode: '+SUM(A1)' },
      { orderNumber: 'Q-3', createdAt: new Date(at.getTime() + 2), promoCode: '-2+3' },
      { orderNumber: 'Q-4', createdAt: new Date(at.getTime() + 3), promoCode: '@cmd' },
    ]);
    await s.t.database.db.insert(orderItems).values({
      orderId: made[1]?.id ?? '',
      productId: s.catalogue.productId('T-MPT-1000'),
      kind: 'topup',
      name: { en: 'x', my: 'x' },
      quantity: 1,
      listPriceMmk: 1000,
      unitPriceMmk: 1000,
      lineTotalMmk: 1000,
      phoneNumber: '959250000001',
      position: 0,
    });
    const res = await get('/api/v1/admin/reports/orders.csv?from=2029-04-01&to=2029-04-01');
    expect(res.body).toContain('"Q-1,""two""\r\nthree"');
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((r) => [r[0], r[7]])).toEqual([
      ['Q-1,"two"\r\nthree', `'=HYPERLINK("http://evil")`],
      ['Q-2', "'+SUM(A1)"],
      ['Q-3', "'-2+3"],
      ['Q-4', "'@cmd"],
    ]);
    expect(rows[1]?.[10]).toBe('959250000001');
    for (const row of rows) expect(row).toHaveLength(ORDERS_CSV_HEADER.length);
  });

  it('streams more rows than one page, each once and in order, ties broken by id', async () => {
    const base = new Date('2029-05-01T03:00:00Z').getTime();
    const count = REPORT_PAGE_SIZE * 2 + 37;
    // Groups of five orders share one created_at to the microsecond: the page boundary must not
    // lose or repeat any of them.
    const rows = Array.from({ length: count }, (_, i) => ({
      orderNumber: `BULK-${String(i).padStart(5, '0')}`,
      createdAt: new Date(base + Math.floor(i / 5) * 1000),
    }));
    await insertOrders(rows);
    const res = await get('/api/v1/admin/reports/orders.csv?from=2029-05-01&to=2029-05-01');
    expect(res.statusCode).toBe(200);
    const got = parseCsv(res.body).slice(1);
    expect(got).toHaveLength(count);
    expect(new Set(got.map((r) => r[0])).size).toBe(count);
    const times = got.map((r) => r[1] ?? '');
    expect([...times].sort()).toEqual(times);

    // The generator reads a page only when the previous one was written (no buffering).
    const repo = createAdminReportsRepo(s.t.database.db);
    let pages = 0;
    const counted = {
      ...repo,
      ordersReportPage: (...args: Parameters<typeof repo.ordersReportPage>) => {
        pages += 1;
        return repo.ordersReportPage(...args);
      },
    };
    const chunks = ordersCsv(counted, '2029-05-01', '2029-05-01', 100);
    await chunks.next(); // the header
    await chunks.next(); // the first page
    expect(pages).toBe(1);
    await chunks.next();
    expect(pages).toBe(2);
    let rest = 0;
    for await (const chunk of chunks) rest += chunk.split('\r\n').length - 1;
    expect(200 + rest).toBe(count);
    expect(pages).toBe(Math.ceil(count / 100));
  });

  it('exports payment attempts, with formulas in references neutralised', async () => {
    const now = s.clock();
    const from = yangonDay(new Date(now.getTime() - 24 * 60 * 60 * 1000));
    const to = yangonDay(new Date(now.getTime() + 24 * 60 * 60 * 1000));
    await s.t.database.db.insert(payments).values({
      orderId: paid.order.orderId,
      provider: 'sandbox',
      method: 'direct',
      reference: '=cmd|"/c calc"!A1',
      amountMmk: 2500,
      status: 'failed',
      payload: 'x',
      expiresAt: now,
      createdAt: new Date(now.getTime() + 1000),
    });
    const res = await get(`/api/v1/admin/reports/payments.csv?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="payments-${from}-to-${to}.csv"`,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...PAYMENTS_CSV_HEADER]);
    const mine = rows.filter((r) => r[0] === paid.order.orderNumber);
    expect(mine.map((r) => [r[2], r[4], r[5], r[8]])).toEqual([
      ['mmqr', String(paid.order.total), 'paid', 'no'],
      ['direct', '2500', 'failed', 'no'],
    ]);
    expect(mine[0]?.[6]).toMatch(/\+06:30$/);
    expect(mine[0]?.[7]).toMatch(/\+06:30$/);
    expect(mine[1]?.[3]).toBe(`'=cmd|"/c calc"!A1`);
    expect(mine[1]?.[7]).toBe('');
  });

  it('records each export in the audit log', async () => {
    const res = await get('/api/v1/admin/reports/payments.csv?from=2029-01-01&to=2029-01-31');
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body)).toEqual([[...PAYMENTS_CSV_HEADER]]);
    const audit = await get('/api/v1/admin/audit-log?action=report.export&limit=100');
    const entries = audit.json<{ data: AuditEntry[] }>().data;
    expect(entries[0]).toMatchObject({
      action: 'report.export',
      targetType: 'report',
      targetId: 'payments',
      actorEmail: admin.email,
      after: { report: 'payments', from: '2029-01-01', to: '2029-01-31' },
    });
    expect(entries.some((e) => e.targetId === 'orders')).toBe(true);
  });

  it('refuses bad dates with a clear 400 in both languages, and support with a 403', async () => {
    const m = adminCustomerSchemaMessages;
    const cases: [string, string][] = [
      ['', m.reportDate.en],
      ['?from=2029-01-01', m.reportDate.en],
      ['?to=2029-01-01', m.reportDate.en],
      ['?from=2029-13-01&to=2029-12-31', m.reportDate.en],
      ['?from=2029-02-30&to=2029-03-01', m.reportDate.en],
      ['?from=yesterday&to=today', m.reportDate.en],
      ['?from=2029-01-01&to=2029-01-01&from=2029-01-02', m.reportDate.en],
      ['?from=2029-02-01&to=2029-01-31', m.reportRange.en],
      ['?from=2028-01-01&to=2029-01-01', m.reportTooLong.en],
    ];
    for (const report of ['orders', 'payments'])
      for (const [query, message] of cases) {
        const res = await get(`/api/v1/admin/reports/${report}.csv${query}`);
        expect(res.statusCode, `${report} ${query}`).toBe(400);
        expect(JSON.stringify(errorOf(res)), `${report} ${query}`).toContain(message);
      }
    const my = await get(
      '/api/v1/admin/reports/orders.csv?from=2029-02-01&to=2029-01-31',
      admin,
      'my',
    );
    expect(JSON.stringify(errorOf(my))).toContain(m.reportRange.my);
    // 366 days (a leap year's worth) is the longest range allowed.
    expect(
      (await get('/api/v1/admin/reports/orders.csv?from=2028-01-01&to=2028-12-31')).statusCode,
    ).toBe(200);
    const bySupport = await get(
      '/api/v1/admin/reports/orders.csv?from=2029-01-01&to=2029-01-02',
      support,
    );
    expect(bySupport.statusCode).toBe(403);
    expect(errorOf(bySupport).message).toBe(adminMessages.roleTooLow.en);
  });
});
