import type { OrderCard } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
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
