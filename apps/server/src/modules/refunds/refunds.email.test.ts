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

describe('a refund of a line that paid a "Top me up" request (issue 31, ADR 0080)', () => {
  it('names the requester’s number masked in the e-mail and the SMS, in both languages', () => {
    const paidRequest = {
      ...item,
      phoneNumber: '959250008881',
      operatorCode: 'MPT',
      topupRequestId: 'request-1',
    } as OrderItemRow;
    for (const language of ['en', 'my'] as const) {
      const notice = refundNotice({
        event: 'failed',
        order: { ...order, language },
        items: [paidRequest],
        refund: refund({ destination: 'bank', status: 'refund_pending' }),
        orderUrl: 'https://shop.example/orders/1',
      });
      const bodies = [notice.email.text, notice.email.html ?? '', notice.sms];
      expect(notice.email.text).toContain('09 2•••• 8881');
      for (const body of bodies) {
        expect(body).not.toContain('250 008');
        expect(body).not.toContain('250008');
      }
    }
    // The same line bought for a number of the buyer's choosing names it in full.
    const own = refundNotice({
      event: 'failed',
      order: { ...order, language: 'en' },
      items: [{ ...paidRequest, topupRequestId: null }],
      refund: refund({ destination: 'bank', status: 'refund_pending' }),
      orderUrl: 'https://shop.example/orders/1',
    });
    expect(own.email.text).toContain('09 250 008 881');
  });
});
