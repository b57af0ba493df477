import type { OrderCard } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../catalogue/stock-import.ts';
import { cardListCsv } from './order-documents.ts';

const card = (over: Partial<OrderCard>): OrderCard => ({
  cardId: 'c1',
  code: 'G-STEAM-10',
  name: 'Steam 10',
  serialNumber: 'S1',
  pin: '1234',
  scratched: true,
  expiresAt: null,
  cardPrice: 45000,
  sellingPrice: 45000,
  faceValue: null,
  openedByRecipientAt: null,
  ...over,
});

describe('card list CSV', () => {
  it('keeps cells a spreadsheet would run as formulas as text', () => {
    const csv = cardListCsv([
      card({ name: '=HYPERLINK("http://evil","x")', serialNumber: '+1', pin: '-2' }),
      card({ name: '@SUM(A1)', serialNumber: '\tT', pin: '\rR' }),
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
      card({ serialNumber: '000123', pin: '4220190000000001' }),
      card({ serialNumber: 'AB"1', pin: '0042' }),
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
    const csv = cardListCsv([card({ serialNumber: '=1+1', pin: '@0001' })]);
    const rows = cellsOf(csv);
    expect(rows[1]?.slice(2, 4)).toEqual(["'=1+1", "'@0001"]);
  });
});
