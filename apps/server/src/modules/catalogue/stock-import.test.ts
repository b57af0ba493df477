import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../platform/crypto.ts';
import { createTestDatabase, serverCommand, testSecrets } from '../../test/app-kit.ts';
import { cards } from './catalogue.tables.ts';
import { insertTestCatalogue } from '../../test/catalogue-kit.ts';
import { importStock, parseCsv } from './stock-import.ts';

describe('CSV reading', () => {
  it('reads quoted fields, doubled quotes, CRLF and a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x,1","say ""hi"""\n\nlast,\n').records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x,1', 'say "hi"'] },
      { line: 4, fields: ['last', ''] },
    ]);
  });

  it('refuses an unclosed quote', () => {
    expect(() => parseCsv('a,b\n"open,1\n')).toThrow(/line 2: a quoted field is not closed/);
  });
});

describe('stock import (npm run stock:import)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let steamId: string;
  const secrets = testSecrets();
  const now = new Date('2030-01-01T00:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase();
    steamId = (await insertTestCatalogue(database.db)).productId('G-STEAM-10');
  });
  afterAll(() => database.dispose());

  const steamCards = () => database.db.select().from(cards).where(eq(cards.productId, steamId));

  it('imports every row in one go, PINs encrypted, by SKU', async () => {
    const before = (await steamCards()).length;
    const report = await importStock(
      database.db,
      secrets.pinEncryptionKey,
      'product,serial,pin,expiry\nG-STEAM-10,ST-0001,1111-2222-3333,2031-12-31\nG-STEAM-10,ST-0002,44445555,\nG-STEAM-10,ST-0003,66667777,2031-12-31T02:00:00+06:30\n',
      now,
    );
    expect(report).toEqual({ imported: 3, byProduct: { 'G-STEAM-10': 3 }, rejected: [] });
    const rows = (await steamCards()).filter((c) => c.serial.startsWith('ST-'));
    expect(rows).toHaveLength(3);
    expect(before + 3).toBe((await steamCards()).length);
    // Issue 26: the expiry is the day written, whatever time follows it (this one is
    // 2031-12-30 in UTC): 31 Dec 2031 on every screen, e-mail, PDF and CSV.
    expect(rows.find((c) => c.serial === 'ST-0003')?.expiresAt?.toISOString()).toBe(
      '2031-12-31T23:59:59.000Z',
    );
    const first = rows.find((c) => c.serial === 'ST-0001');
    expect(first?.pinEncrypted).not.toContain('1111');
    expect(decryptSecret(first?.pinEncrypted ?? '', secrets.pinEncryptionKey)).toBe(
      '1111-2222-3333',
    );
    expect(first?.expiresAt?.toISOString()).toBe('2031-12-31T23:59:59.000Z');
    expect(rows.find((c) => c.serial === 'ST-0002')?.expiresAt).toBeNull();
  });

  it('rejects the whole file when any row is bad, listing every rejected row with its reason', async () => {
    const before = (await database.db.select().from(cards)).length;
    const report = await importStock(
      database.db,
      secrets.pinEncryptionKey,
      [
        'serial,product,pin,expiry',
        'OK-1,G-STEAM-10,12345678,2031-01-01',
        'OK-2,NOPE,12345678,2031-01-01',
        'OK-3,T-MPT-1000,12345678,2031-01-01',
        ',G-STEAM-10,12345678,',
        'OK-4,G-STEAM-10,12,',
        'OK-5,G-STEAM-10,12345678,2031-02-30',
        'OK-6,G-STEAM-10,12345678,2029-12-31',
        'ST-0001,G-STEAM-10,12345678,',
        'OK-1,G-STEAM-10,87654321,',
        'OK-7,G-STEAM-10',
        'OK 8,G-STEAM-10,12345678,',
      ].join('\n'),
      now,
    );
    expect(report.imported).toBe(0);
    expect(report.rejected).toEqual([
      { line: 3, reason: 'unknown product NOPE' },
      { line: 4, reason: 'product T-MPT-1000 is a topup product, not sold from card stock' },
      { line: 5, reason: 'serial is empty' },
      { line: 6, reason: 'pin must be 4–64 letters, digits or dashes' },
      { line: 7, reason: 'expiry 2031-02-30 is not a date (YYYY-MM-DD)' },
      { line: 8, reason: 'expiry 2029-12-31 has passed' },
      { line: 9, reason: 'serial ST-0001 of G-STEAM-10 is already in stock' },
      { line: 10, reason: 'serial OK-1 of G-STEAM-10 repeats line 2' },
      { line: 11, reason: 'expected 4 fields, found 2' },
      {
        line: 12,
        reason: 'serial must be 1–64 letters, digits, dots, dashes, slashes or underscores',
      },
    ]);
    // Line 2 was good, but nothing was written.
    expect((await database.db.select().from(cards)).length).toBe(before);
  });

  it('refuses a file without the four columns', async () => {
    const report = await importStock(
      database.db,
      secrets.pinEncryptionKey,
      'product,serial,code\nG-STEAM-10,X-1,1234\n',
      now,
    );
    expect(report.rejected).toEqual([
      {
        line: 1,
        reason: 'header must name the columns product, serial, pin, expiry; missing pin, expiry',
      },
    ]);
  });

  it('the command prints the rejected rows and exits 1; usage errors exit 2', () => {
    const { dataDir, run, dispose } = serverCommand('src/modules/catalogue/stock-import-cli.ts');
    try {
      const file = path.join(dataDir, 'cards.csv');
      fs.writeFileSync(file, 'product,serial,pin,expiry\nNO-SUCH,A-1,12345678,\n');
      const bad = run([file]);
      expect(bad.stderr).toContain('1 row(s) rejected; nothing was imported');
      expect(bad.stderr).toContain('line 2: unknown product NO-SUCH');
      expect(bad.status).toBe(1);
      expect(run([]).status).toBe(2);
    } finally {
      dispose();
    }
  });
});
