import { describe, expect, it } from 'vitest';
import type { OrderItemRow, OrderRow } from '../orders/orders.repo.ts';
import { orderCodesEmail } from './fulfilment.email.ts';

const order = (
  promo: { promoCode: string | null; promoDiscountMmk: number },
  language: 'en' | 'my',
) =>
  ({
    id: 'o1',
    orderNumber: 'MT-261120-ABCDEFGH',
    language,
    totalMmk: 4050,
    ...promo,
  }) as unknown as OrderRow;

const items = [
  {
    id: 'i1',
    productId: 'p1',
    kind: 'topup',
    name: { en: 'MPT 1,000 Ks', my: 'MPT ၁,၀၀၀ ကျပ်' },
    quantity: 1,
    phoneNumber: '959250000001',
    operatorCode: 'MPT',
    status: 'delivered',
  },
] as unknown as OrderItemRow[];

const email = (o: OrderRow) =>
  orderCodesEmail({
    order: o,
    items,
    cardsByItem: new Map(),
    instructions: new Map(),
    orderUrl: 'https://shop.example/orders/o1',
  });

describe('the order e-mail and a promo code (issue 17)', () => {
  it('names the code, its discount and the total paid, in English', () => {
    const mail = email(order({ promoCode: 'WELCOME10', promoDiscountMmk: 450 }, 'en'));
    expect(mail.text).toContain('Promo code WELCOME10: 450 Ks off. Total paid: 4,050 Ks.');
    expect(mail.html).toContain('Promo code WELCOME10: 450 Ks off. Total paid: 4,050 Ks.');
  });

  it('in Burmese, with Burmese digits', () => {
    const mail = email(order({ promoCode: 'WELCOME10', promoDiscountMmk: 450 }, 'my'));
    expect(mail.text).toContain(
      'ပရိုမိုကုဒ် WELCOME10 ဖြင့် ၄၅၀ ကျပ် လျှော့ပေးထားပါသည်။ ပေးချေခဲ့သည့် စုစုပေါင်း- ၄,၀၅၀ ကျပ်။',
    );
  });

  it('says nothing of promo codes when none was used', () => {
    const mail = email(order({ promoCode: null, promoDiscountMmk: 0 }, 'en'));
    expect(mail.text).not.toContain('Promo code');
  });
});

describe('quantities in the order e-mail (issue 26)', () => {
  it('writes "× ၁" in Burmese and "× 1" in English', () => {
    const my = email(order({ promoCode: null, promoDiscountMmk: 0 }, 'my'));
    expect(my.text).toContain('MPT ၁,၀၀၀ ကျပ် × ၁');
    expect(my.html).toContain('MPT ၁,၀၀၀ ကျပ် × ၁');
    expect(my.text).not.toMatch(/× 1/);
    const en = email(order({ promoCode: null, promoDiscountMmk: 0 }, 'en'));
    expect(en.text).toContain('MPT 1,000 Ks × 1');
  });
});

describe('a line that paid a "Top me up" request (issue 31, ADR 0080)', () => {
  it('names the requester’s number masked, in both languages; the buyer’s own line in full', () => {
    const lines = [
      { ...items[0], id: 'i2', phoneNumber: '959250008881', topupRequestId: 'request-1' },
      { ...items[0], id: 'i3', phoneNumber: '959250000002', topupRequestId: null },
    ] as unknown as OrderItemRow[];
    for (const language of ['en', 'my'] as const) {
      const mail = orderCodesEmail({
        order: order({ promoCode: null, promoDiscountMmk: 0 }, language),
        items: lines,
        cardsByItem: new Map(),
        instructions: new Map(),
        orderUrl: 'https://shop.example/orders/o1',
      });
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('09 2•••• 8881');
        expect(body).not.toContain('250 008');
        expect(body).not.toContain('250008');
        expect(body).toContain('09 250 000 002');
      }
    }
  });
});
