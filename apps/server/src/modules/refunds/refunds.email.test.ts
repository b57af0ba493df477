import { describe, expect, it } from 'vitest';
import type { OrderItemRow, OrderRow } from '../orders/orders.repo.ts';
import { refundNotice } from './refunds.email.ts';
import type { OrderRefundRow } from './refunds.repo.ts';

const order = { orderNumber: 'MT-1', language: 'my' } as OrderRow;
const item = {
  id: 'item-1',
  kind: 'topup',
  name: { en: 'MPT 1,000', my: 'MPT ၁,၀၀၀' },
  quantity: 2,
  status: 'failed',
  failureCode: 'error',
  phoneNumber: null,
  operatorCode: null,
} as unknown as OrderItemRow;
const refund = (values: Partial<OrderRefundRow>) =>
  ({
    amountMmk: 12_500,
    points: 1250,
    partial: false,
    reference: null,
    ...values,
  }) as OrderRefundRow;

/** The refund paragraph of a notice: the amounts, points and days of the refund. */
const refundParagraphs = (text: string) => text.split('\n\n').filter((p) => p.includes('ငွေပြန်'));

describe('refund notices in Burmese: one numeral system (issue 30, a rule with one home)', () => {
  it.each([
    ['bank, pending', refund({ destination: 'bank', status: 'refund_pending' })],
    ['points, pending', refund({ destination: 'points', status: 'refund_pending' })],
    ['points, refunded', refund({ destination: 'points', status: 'refunded' })],
  ])('%s: amount, points and working days in Burmese digits', (_, row) => {
    const notice = refundNotice({
      event: 'failed',
      order,
      items: [item],
      refund: row,
      orderUrl: 'https://shop.example/orders/1',
    });
    const paragraphs = refundParagraphs(notice.email.text);
    expect(paragraphs.length).toBeGreaterThan(0);
    for (const paragraph of paragraphs) expect(paragraph).not.toMatch(/[0-9]/);
    expect(paragraphs.join(' ')).toContain('၁၂,၅၀၀ ကျပ်');
  });
});
