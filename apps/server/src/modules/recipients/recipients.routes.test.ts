import type { ErrorBody } from '@shop/contracts/errors';
import {
  RECIPIENTS_PER_ACCOUNT_MAX,
  type RecipientListResponse,
  type RecipientResponse,
} from '@shop/contracts/recipients';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, openShopTest, signedIn } from '../../test/checkout-kit.ts';
import { paidOrder } from '../../test/fulfilment-kit.ts';

/*
 * Issue 31, saved recipients: a name, a number, its operator (detected, editable) and the usual
 * product, kept per account and never shown to anyone else; each names the last paid order line
 * to the number, which "Top up again" buys once more.
 */
const MUM = '09250008881';
const mum = '959250008881';
const URL = '/api/v1/recipients';

describe('saved recipients', () => {
  const s = openShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0' });
  let mptTopup: string;
  let ooredooTopup: string;
  let steamCard: string;
  beforeAll(() => {
    mptTopup = s.catalogue.productId('T-MPT-1000');
    ooredooTopup = s.catalogue.productId('T-OOR-5000');
    steamCard = s.catalogue.productId('G-STEAM-10');
  });

  const list = async (headers: Record<string, string>) => {
    const res = await call(s, 'GET', URL, headers);
    expect(res.statusCode).toBe(200);
    return res.json<RecipientListResponse>().data;
  };
  const error = (res: { json(): unknown }) => (res.json() as ErrorBody).error;

  it('saves a number with its detected operator and usual product, in 95 form', async () => {
    const { headers } = await signedIn(s);
    const res = await call(s, 'POST', URL, headers, {
      name: '  Mum ',
      phoneNumber: '+95 9 250 008 881',
      usualProductId: mptTopup,
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json<RecipientResponse>();
    expect(saved.message).toBe('Number saved');
    expect(saved.data).toMatchObject({
      name: 'Mum',
      phoneNumber: mum,
      operator: 'MPT',
      usualProduct: { id: mptTopup, name: expect.any(String) as string, available: true },
      lastOrder: null,
    });
    expect(await list(headers)).toEqual([saved.data]);
  });

  it('answers the last paid line to each number, and only the owner sees it', async () => {
    const buyer = await signedIn(s);
    await paidOrder(s, [{ sku: 'T-MPT-1000', quantity: 2, phoneNumber: MUM }], { user: buyer });
    const res = await call(s, 'POST', URL, buyer.headers, { name: 'Mum', phoneNumber: MUM });
    expect(res.statusCode).toBe(201);
    const saved = res.json<RecipientResponse>().data;
    expect(saved.lastOrder).toMatchObject({ quantity: 2, product: { id: mptTopup } });
    expect(saved.lastOrder?.orderNumber).toMatch(/\S/);

    // Another customer: an empty list, and the id answers 404 to every call.
    const stranger = await signedIn(s);
    expect(await list(stranger.headers)).toEqual([]);
    for (const [method, payload] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await call(s, method, `${URL}/${saved.id}`, stranger.headers, payload);
      expect(refused.statusCode).toBe(404);
      expect(error(refused)).toBe('Saved number not found');
    }
    expect((await list(buyer.headers))[0]?.name).toBe('Mum');
    // Not signed in: 401.
    expect((await call(s, 'GET', URL, { 'accept-language': 'en' })).statusCode).toBe(401);
  });

  it('edits the name, number and operator, and deletes', async () => {
    const { headers } = await signedIn(s);
    const created = await call(s, 'POST', URL, headers, { name: 'Dad', phoneNumber: MUM });
    const { id } = created.json<RecipientResponse>().data;

    // A number moved to Ooredoo keeps its 09 25… prefix: the operator is the customer's to set.
    const moved = await call(s, 'PATCH', `${URL}/${id}`, headers, {
      operator: 'OOREDOO',
      usualProductId: ooredooTopup,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<RecipientResponse>().data).toMatchObject({
      operator: 'OOREDOO',
      phoneNumber: mum,
      usualProduct: { id: ooredooTopup },
    });
    // A new number without an operator takes the new number's.
    const renumbered = await call(s, 'PATCH', `${URL}/${id}`, headers, {
      name: 'Dad (new phone)',
      phoneNumber: '09970000001',
      usualProductId: null,
    });
    expect(renumbered.json<RecipientResponse>().data).toMatchObject({
      name: 'Dad (new phone)',
      phoneNumber: '959970000001',
      operator: 'OOREDOO',
      usualProduct: null,
    });

    const deleted = await call(s, 'DELETE', `${URL}/${id}`, headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<{ message: string }>().message).toBe('Saved number deleted');
    expect(await list(headers)).toEqual([]);
    expect((await call(s, 'DELETE', `${URL}/${id}`, headers)).statusCode).toBe(404);
    expect((await call(s, 'DELETE', `${URL}/not-an-id`, headers)).statusCode).toBe(404);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { headers } = await signedIn(s);
    const cases: [object, string][] = [
      [{ name: '', phoneNumber: MUM }, 'Enter a name for this number'],
      [{ name: 'x'.repeat(41), phoneNumber: MUM }, 'The name can be at most 40 characters'],
      [{ name: 'Mum', phoneNumber: '12345' }, expect.any(String) as string],
      [{ name: 'Mum', phoneNumber: MUM, operator: 'VODAFONE' }, 'Choose an operator'],
      [{ name: 'Mum', phoneNumber: MUM, usualProductId: 'x' }, 'This product is not valid'],
      // A gift card is not sent to a number; an Ooredoo top-up not to an MPT number.
      [
        { name: 'Mum', phoneNumber: MUM, usualProductId: steamCard },
        'This product cannot be sent to this number',
      ],
      [
        { name: 'Mum', phoneNumber: MUM, usualProductId: ooredooTopup },
        'This product cannot be sent to this number',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(s, 'POST', URL, headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(error(res)).toEqual(message);
    }
    const empty = await call(
      s,
      'PATCH',
      `${URL}/00000000-0000-4000-8000-000000000000`,
      headers,
      {},
    );
    expect(empty.statusCode).toBe(400);
    expect(error(empty)).toBe('Give at least one field to change');
    expect(await list(headers)).toEqual([]);

    // In Burmese, the same refusal in Burmese.
    const burmese = await call(
      s,
      'POST',
      URL,
      { ...headers, 'accept-language': 'my' },
      {
        name: '',
        phoneNumber: MUM,
      },
    );
    expect(error(burmese)).toBe('ဤနံပါတ်အတွက် အမည်တစ်ခု ထည့်ပါ');
  });

  it('keeps one row per number, and at most 20 per account even when adds race', async () => {
    const { headers } = await signedIn(s);
    const first = await call(s, 'POST', URL, headers, { name: 'Mum', phoneNumber: MUM });
    expect(first.statusCode).toBe(201);
    const again = await call(s, 'POST', URL, headers, {
      name: 'Mum 2',
      phoneNumber: '959250008881',
    });
    expect(again.statusCode).toBe(409);
    expect(error(again)).toBe('This number is already saved');

    // 25 different numbers at once: exactly 20 kept (the first included), the rest refused.
    const numbers = Array.from({ length: 25 }, (_, i) => `0925001${String(i).padStart(4, '0')}`);
    const answers = await Promise.all(
      numbers.map((phoneNumber, i) =>
        call(s, 'POST', URL, headers, { name: `Friend ${String(i)}`, phoneNumber }),
      ),
    );
    const created = answers.filter((res) => res.statusCode === 201).length;
    expect(created).toBe(RECIPIENTS_PER_ACCOUNT_MAX - 1);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(error(res)).toBe('You can save up to 20 numbers. Delete one to add another.');
    }
    expect(await list(headers)).toHaveLength(RECIPIENTS_PER_ACCOUNT_MAX);

    // Someone else's limit is their own.
    const other = await signedIn(s);
    expect(
      (await call(s, 'POST', URL, other.headers, { name: 'Mum', phoneNumber: MUM })).statusCode,
    ).toBe(201);
  });
});
