import { randomBytes } from 'node:crypto';
import { cartMessages, type Cart } from '@shop/contracts/cart';
import type { OrderSummary, PaymentSession } from '@shop/contracts/checkout';
import type { ErrorBody } from '@shop/contracts/errors';
import type { Order } from '@shop/contracts/orders';
import type { SandboxPayResponse } from '@shop/contracts/payments';
import { pushPayloadSchema } from '@shop/contracts/notifications';
import {
  TOPUP_REQUESTS_DAILY_MAX,
  TOPUP_REQUESTS_OPEN_MAX,
  type OwnTopupRequest,
  type PublicTopupRequest,
} from '@shop/contracts/topup-requests';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, outboxFor } from '../../test/auth-kit.ts';
import {
  addToCart,
  call,
  completeWith,
  initialize,
  signedIn,
  tryUpdateCart,
  updateCart,
} from '../../test/checkout-kit.ts';
import { orderRowsOf, paidOrder } from '../../test/fulfilment-kit.ts';
import {
  decryptPush,
  openPushingShop,
  pushDevice,
  startPushService,
  subscribePush,
} from '../../test/push-kit.ts';

/*
 * Issue 31, "top me up" request links (ADR 0080): a customer asks for a top-up of their own
 * number; whoever opens the link sees it masked and pays; the requester is told once when the
 * paid line is delivered. Limits per account, notes screened as gift-link notes are.
 */
const URL = '/api/v1/topup-requests';
const MINE = '09250008881';
const mine = '959250008881';
/** What the payer sees of it (ADR 0080). */
const MASKED = '09 2•••• 8881';
/** The number's hidden middle, in any grouping ("250008", "250 008"): never in a payer's answer. */
const MIDDLE = /250\s?008/;
const DAY = 86_400_000;

describe('"top me up" request links', () => {
  const s = openPushingShop(startPushService);
  let mptTopup: string;
  let mptData: string;
  let ooredooTopup: string;
  let steamCard: string;
  beforeAll(() => {
    mptTopup = s.catalogue.productId('T-MPT-1000');
    mptData = s.catalogue.productId('D-MPT-1GB');
    ooredooTopup = s.catalogue.productId('T-OOR-5000');
    steamCard = s.catalogue.productId('G-STEAM-10');
  });

  const error = (res: { json(): unknown }) => res.json() as ErrorBody;
  const create = (headers: Record<string, string>, body: object) =>
    call(s, 'POST', URL, headers, body);
  const made = async (headers: Record<string, string>, body: object = {}) => {
    const res = await create(headers, { phoneNumber: MINE, productId: mptTopup, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: OwnTopupRequest }>().data;
  };
  const view = async (
    token: string,
    headers: Record<string, string> = { 'accept-language': 'en' },
  ) => {
    const res = await call(s, 'GET', `${URL}/${token}`, headers);
    return {
      res,
      data: res.statusCode === 200 ? res.json<{ data: PublicTopupRequest }>().data : null,
    };
  };
  /** The clock moved past the access token: the same person signs in again. */
  const signedInAgain = async (user: Awaited<ReturnType<typeof signedIn>>) => {
    const tokens = await login(s.t, user.person);
    return { ...user.headers, authorization: `Bearer ${tokens.data.accessToken}` };
  };
  const list = async (headers: Record<string, string>) =>
    (await call(s, 'GET', URL, headers)).json<{ data: OwnTopupRequest[] }>().data;

  it('makes an unguessable link for a product of the number’s operator; the opener sees it masked', async () => {
    const requester = await signedIn(s);
    const res = await create(requester.headers, {
      phoneNumber: '+95 9 250 008 881',
      productId: mptTopup,
      note: '  Thank you, Auntie! ',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ message: string; data: OwnTopupRequest }>();
    expect(body.message).toBe('Your request link is ready');
    expect(body.data).toMatchObject({
      phoneNumber: mine,
      operator: 'MPT',
      product: { id: mptTopup, available: true },
      note: 'Thank you, Auntie!',
      status: 'open',
      toppedUpAt: null,
    });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.data.url).toMatch(new RegExp(`/topmeup/${body.data.token}$`));
    expect(new Date(body.data.expiresAt).getTime() - new Date(body.data.createdAt).getTime()).toBe(
      7 * DAY,
    );
    expect(await list(requester.headers)).toEqual([body.data]);

    // Anyone with the link, signed in or not: the number masked, nothing of the account.
    const { res: seen, data } = await view(body.data.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(data).toEqual({
      token: body.data.token,
      maskedNumber: '09 2•••• 8881',
      operator: 'MPT',
      product: body.data.product,
      note: 'Thank you, Auntie!',
      status: 'open',
      expiresAt: body.data.expiresAt,
    });
    for (const secret of [
      '250008',
      requester.userId,
      requester.person.email,
      requester.person.name,
    ])
      expect(seen.body).not.toContain(secret);
    // The app's page of the link is never indexed either.
    const page = await call(s, 'GET', `/topmeup/${body.data.token}`, {});
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');

    // A data product of the operator too.
    expect((await made(requester.headers, { productId: mptData })).product.id).toBe(mptData);
    // A token that is not one, or unknown: the same 404.
    for (const token of ['nope', randomBytes(24).toString('base64url')]) {
      const { res: unknown } = await view(token);
      expect(unknown.statusCode).toBe(404);
      expect(error(unknown).message).toBe('This request link may not exist or has expired');
    }
  });

  it('refuses bad input with a clear 4xx in both languages, and makes nothing', async () => {
    const requester = await signedIn(s);
    const my = { ...requester.headers, 'accept-language': 'my' };
    // Each body with its message in English and, where checked, in Burmese ('' for any message).
    const cases: [object, string, string?][] = [
      [{ phoneNumber: '12345', productId: mptTopup }, ''],
      [{ phoneNumber: MINE, productId: 'not-an-id' }, 'Choose a top-up or data product'],
      [{ phoneNumber: MINE, productId: steamCard }, 'Choose a top-up or data product'],
      [
        { phoneNumber: MINE, productId: ooredooTopup },
        'This product cannot be sent to this number',
        'ဤပစ္စည်းကို ဤနံပါတ်သို့ ပို့၍ မရပါ',
      ],
      [
        { phoneNumber: MINE, productId: mptTopup, note: 'a'.repeat(151) },
        'The note can be at most 150 characters',
        'မှတ်စုကို စာလုံး ၁၅၀ အထိသာ ရေးနိုင်ပါသည်',
      ],
      [
        { phoneNumber: MINE, productId: mptTopup, note: 'you are a fucking idiot' },
        'Your message contains inappropriate content. Please revise it.',
        'သင့်စာတွင် မသင့်လျော်သော အကြောင်းအရာ ပါဝင်နေပါသည်။ ပြင်ဆင်ပေးပါ။',
      ],
      [
        { phoneNumber: MINE, productId: mptTopup, note: 'gift \u202Efor you' },
        'Your note contains inappropriate characters. Please fix it.',
      ],
    ];
    const refused = async (headers: Record<string, string>, body: object, message: string) => {
      const res = await create(headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(error(res).message).toBe(message);
      else expect(error(res).message).toMatch(/\S/);
    };
    for (const [body, english, burmese] of cases) {
      await refused(requester.headers, body, english);
      if (burmese) await refused(my, body, burmese);
    }
    // A wrong number's message is Burmese too.
    const badMy = await create(my, { phoneNumber: '12345', productId: mptTopup });
    expect(badMy.statusCode).toBe(400);
    expect(error(badMy).message).toMatch(/[\u1000-\u109f]/);
    expect(error(badMy).message).not.toMatch(/[A-Za-z]/);
    // Not signed in.
    const guest = await create(
      { 'accept-language': 'my' },
      { phoneNumber: MINE, productId: mptTopup },
    );
    expect(guest.statusCode).toBe(401);
    expect(error(guest).message).toBe('ငွေဖြည့်ပေးရန် တောင်းဆိုရန် အကောင့်ဝင်ပါ');
    expect(await list(requester.headers)).toEqual([]);
  });

  it('keeps at most 5 open and 10 a day per account, also when made all at once', async () => {
    // 12 at once from one account: exactly 5 are made.
    const racer = await signedIn(s);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        create(racer.headers, { phoneNumber: MINE, productId: mptTopup }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(TOPUP_REQUESTS_OPEN_MAX);
    expect(codes.filter((c) => c === 409)).toHaveLength(12 - TOPUP_REQUESTS_OPEN_MAX);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(refused && error(refused).message).toBe(
      'You can have up to 5 open requests. Cancel one to make another.',
    );
    const open = await list(racer.headers);
    expect(open).toHaveLength(TOPUP_REQUESTS_OPEN_MAX);
    // Another account is not hurt by the first one's limit.
    const other = await signedIn(s);
    await made(other.headers);

    // Cancelling frees a place; the day's count still holds: 10 made, the 11th refused (429).
    for (let i = 0; i < TOPUP_REQUESTS_DAILY_MAX - TOPUP_REQUESTS_OPEN_MAX; i++) {
      const oldest = (await list(racer.headers)).find((r) => r.status === 'open');
      if (!oldest) throw new Error('no open request');
      const cancelled = await call(s, 'POST', `${URL}/${oldest.token}/cancel`, racer.headers);
      expect(cancelled.statusCode).toBe(200);
      await made(racer.headers);
    }
    const first = (await list(racer.headers)).find((r) => r.status === 'open');
    await call(s, 'POST', `${URL}/${first?.token ?? ''}/cancel`, racer.headers);
    const tooMany = await create(
      { ...racer.headers, 'accept-language': 'my' },
      { phoneNumber: MINE, productId: mptTopup },
    );
    expect(tooMany.statusCode).toBe(429);
    expect(error(tooMany).message).toBe('တစ်ရက်လျှင် တောင်းဆိုမှု ၁၀ ခုအထိသာ ပြုလုပ်နိုင်ပါသည်။ မနက်ဖြန် ထပ်ကြိုးစားပါ။');
    // A day later the account may ask again.
    s.clock.advance(DAY + 1000);
    await made(await signedInAgain(racer));
  });

  it('cancels only the maker’s own open request; cancelled and expired links say so', async () => {
    const requester = await signedIn(s);
    const stranger = await signedIn(s);
    const request = await made(requester.headers);
    const theirs = await call(s, 'POST', `${URL}/${request.token}/cancel`, stranger.headers);
    expect(theirs.statusCode).toBe(404);
    const cancelled = await call(s, 'POST', `${URL}/${request.token}/cancel`, requester.headers);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<{ data: OwnTopupRequest }>().data.status).toBe('cancelled');
    expect((await view(request.token)).data?.status).toBe('cancelled');
    const again = await call(s, 'POST', `${URL}/${request.token}/cancel`, requester.headers);
    expect(again.statusCode).toBe(409);
    expect(error(again).message).toBe('This request is no longer open');
    const pay = await call(s, 'POST', `${URL}/${request.token}/cart`, stranger.headers);
    expect(pay.statusCode).toBe(409);

    // Seven days on, an open request reads as expired and cannot be paid.
    const later = await made(requester.headers);
    s.clock.advance(7 * DAY + 1000);
    expect((await view(later.token)).data?.status).toBe('expired');
    const late = await call(s, 'POST', `${URL}/${later.token}/cart`, {
      ...(await signedInAgain(stranger)),
      'accept-language': 'my',
    });
    expect(late.statusCode).toBe(409);
    expect(error(late).message).toBe('ဤတောင်းဆိုမှုကို မဖွင့်ထားတော့ပါ');
    const again2 = await signedInAgain(requester);
    expect((await list(again2)).map((r) => r.status).sort()).toEqual(['cancelled', 'expired']);
    // Expired ones do not count as open.
    for (let i = 0; i < TOPUP_REQUESTS_OPEN_MAX; i++) await made(again2);
  });

  it('puts the product for the number in the payer’s cart; on delivery the requester is told once', async () => {
    const requester = await signedIn(s, { 'accept-language': 'my' });
    // The requester's phone gets pushes.
    const device = pushDevice(`${s.pushService.url}/push/requester`);
    const subscribed = await subscribePush(s, requester.headers, device.body('my'));
    expect(subscribed.statusCode).toBeLessThan(300);
    const request = await made(requester.headers, { note: 'ကျေးဇူးပါ' });

    // Not signed in: asked to log in.
    const guest = await call(s, 'POST', `${URL}/${request.token}/cart`, {
      'accept-language': 'en',
    });
    expect(guest.statusCode).toBe(401);
    expect(error(guest).message).toBe('Please log in to pay for this top-up');

    const payer = await signedIn(s);
    const added = await call(s, 'POST', `${URL}/${request.token}/cart`, payer.headers);
    expect(added.statusCode).toBe(200);
    const cart = (await call(s, 'GET', '/api/v1/cart', payer.headers)).json<{
      data: { items: { productId: string; phoneNumber: string | null; quantity: number }[] };
    }>().data;
    expect(cart.items).toEqual([
      expect.objectContaining({ productId: mptTopup, phoneNumber: MASKED, quantity: 1 }),
    ]);

    // The payer pays (sandbox bank); fulfilment delivers; the requester is told.
    await paidOrder(s, [], { user: payer });
    for (let i = 0; i < 5; i++) await s.t.app.runPendingJobs();
    const [after] = await list(requester.headers);
    expect(after).toMatchObject({ token: request.token, status: 'topped_up' });
    expect(after?.toppedUpAt).toEqual(expect.any(String));
    expect((await view(request.token)).data?.status).toBe('topped_up');

    const pushes = s.pushService.received.filter((r) => r.path === '/push/requester');
    expect(pushes).toHaveLength(1);
    const payload = pushPayloadSchema.parse(
      JSON.parse(decryptPush(pushes[0]?.body ?? Buffer.alloc(0), device).toString('utf8')),
    );
    expect(payload).toMatchObject({
      event: 'topup_request_paid',
      title: 'သင့်ဖုန်းကို ငွေဖြည့်ပေးပြီးပါပြီ!',
      url: '/topmeup',
    });
    expect(payload.body).toContain('၀၉ ၂၅၀ ၀၀၈ ၈၈၁');
    const mails = outboxFor(s.t, requester.person.email).filter((m) => m.text.includes('/topmeup'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('/topmeup');

    // The same payer buys it again: nobody is told twice, and a paid link cannot be paid again.
    const again = await call(s, 'POST', `${URL}/${request.token}/cart`, payer.headers);
    expect(again.statusCode).toBe(409);
    await paidOrder(s, [{ productId: mptTopup, quantity: 1, phoneNumber: MINE }], { user: payer });
    for (let i = 0; i < 5; i++) await s.t.app.runPendingJobs();
    expect(s.pushService.received.filter((r) => r.path === '/push/requester')).toHaveLength(1);
    expect(
      outboxFor(s.t, requester.person.email).filter((m) => m.text.includes('/topmeup')),
    ).toHaveLength(1);
  });

  it('does not mark a request paid by someone who never opened its link', async () => {
    const requester = await signedIn(s);
    const request = await made(requester.headers);
    // Someone buys the same top-up for the same number without the link.
    await paidOrder(s, [{ productId: mptTopup, quantity: 1, phoneNumber: MINE }]);
    for (let i = 0; i < 5; i++) await s.t.app.runPendingJobs();
    expect((await view(request.token)).data?.status).toBe('open');
  });

  /** Pays the payer's open order in the sandbox bank (MM QR) and lets fulfilment run. */
  const payAndDeliver = async (headers: Record<string, string>, orderId: string) => {
    const session = await completeWith(s, headers, orderId);
    const paid = await call(
      s,
      'POST',
      '/api/v1/sandbox/bank/pay',
      {},
      {
        qrPayload: session.paymentQrCode,
      },
    );
    expect(paid.json<SandboxPayResponse>().data.webhookStatus).toBe(200);
    for (let i = 0; i < 5; i++) await s.t.app.runPendingJobs();
    return session;
  };
  const rows = orderRowsOf(() => s);

  it('shows the payer the requester’s number masked everywhere, and never lets them change it', async () => {
    const requester = await signedIn(s);
    const request = await made(requester.headers);
    const payer = await signedIn(s);
    const my = { ...payer.headers, 'accept-language': 'my' };
    expect((await call(s, 'POST', `${URL}/${request.token}/cart`, payer.headers)).statusCode).toBe(
      200,
    );

    // The cart, in both languages: the number masked and said to be so.
    for (const headers of [payer.headers, my]) {
      const res = await call(s, 'GET', '/api/v1/cart', headers);
      expect(res.body).not.toMatch(MIDDLE);
      expect(res.json<{ data: Cart }>().data.items).toEqual([
        expect.objectContaining({
          productId: mptTopup,
          phoneNumber: MASKED,
          recipientMasked: true,
          quantity: 1,
        }),
      ]);
    }
    const cart = (await call(s, 'GET', '/api/v1/cart', payer.headers)).json<{ data: Cart }>().data;
    const lineId = cart.items[0]?.lineId ?? '';

    // Another number, or none: 409 with the reason, in English and Burmese; nothing changes.
    for (const [headers, message] of [
      [payer.headers, cartMessages.requestNumberFixed.en],
      [my, cartMessages.requestNumberFixed.my],
    ] as const)
      for (const phoneNumber of ['09250000002', null]) {
        const res = await tryUpdateCart(s, headers, {
          productId: mptTopup,
          lineId,
          quantity: 1,
          phoneNumber,
        });
        expect(res.statusCode).toBe(409);
        expect(error(res).message).toBe(message);
      }
    expect(cartMessages.requestNumberFixed.my).toMatch(/[\u1000-\u109f]/);
    expect(cartMessages.requestNumberFixed.my).not.toMatch(/[A-Za-z0-9]/);
    // The quantity may change; the number stays the requester's.
    const more = await updateCart(s, payer.headers, {
      productId: mptTopup,
      lineId,
      quantity: 2,
    });
    expect(more.data.items).toEqual([
      expect.objectContaining({ lineId, phoneNumber: MASKED, recipientMasked: true, quantity: 2 }),
    ]);

    // Checkout and the payment: masked too.
    const init = await call(s, 'POST', '/api/v1/checkout/initialize', payer.headers, {
      items: [{ productId: mptTopup, quantity: 2, phoneNumber: MASKED }],
    });
    expect(init.statusCode, init.body).toBe(201);
    expect(init.body).not.toMatch(MIDDLE);
    const order = init.json<{ data: OrderSummary }>().data;
    expect(order.items).toEqual([
      expect.objectContaining({ phoneNumber: MASKED, recipientMasked: true, quantity: 2 }),
    ]);
    const session: PaymentSession = await payAndDeliver(payer.headers, order.orderId);
    expect(JSON.stringify(session)).not.toMatch(MIDDLE);
    expect(session.recipients).toEqual([
      expect.objectContaining({ phoneNumber: MASKED, recipientMasked: true }),
    ]);

    // Fulfilment topped up the full number, and the request is paid.
    const line = await rows.lineOf(order.orderId);
    expect(line).toMatchObject({ phoneNumber: mine, topupRequestId: request.token });
    expect(line?.status).toBe('delivered');
    expect((await view(request.token)).data?.status).toBe('topped_up');

    // The order page and the orders list, in both languages.
    for (const headers of [payer.headers, my]) {
      const detail = await call(s, 'GET', `/api/v1/orders/${order.orderId}`, headers);
      expect(detail.statusCode).toBe(200);
      expect(detail.body).not.toMatch(MIDDLE);
      expect(detail.json<{ data: Order }>().data.items).toEqual([
        expect.objectContaining({ phoneNumber: MASKED, recipientMasked: true }),
      ]);
      const listed = await call(s, 'GET', '/api/v1/orders', headers);
      expect(listed.statusCode).toBe(200);
      expect(listed.body).not.toMatch(MIDDLE);
      expect(listed.body).toContain(MASKED);
    }
    // A saved number of the payer's, the same one: the request's order is not its last order.
    const saved = await call(s, 'POST', '/api/v1/recipients', payer.headers, {
      name: 'Auntie',
      phoneNumber: MINE,
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json<{ data: { lastOrder: unknown } }>().data.lastOrder).toBeNull();
    // Nothing the shop wrote to the payer names the number either.
    for (const mail of outboxFor(s.t, payer.person.email)) {
      expect(mail.text).not.toMatch(MIDDLE);
      expect(mail.html ?? '').not.toMatch(MIDDLE);
    }
  });

  it('tops a request up only by the line its "Pay" made, not by the same product bought for the number', async () => {
    const requester = await signedIn(s);
    const request = await made(requester.headers);
    const payer = await signedIn(s);
    expect((await call(s, 'POST', `${URL}/${request.token}/cart`, payer.headers)).statusCode).toBe(
      200,
    );
    // The payer also buys the same top-up for the same number, typed: a line of its own, in full.
    await addToCart(s, payer.headers, { productId: mptTopup, quantity: 1, phoneNumber: MINE });
    const cart = (await call(s, 'GET', '/api/v1/cart', payer.headers)).json<{ data: Cart }>().data;
    expect(cart.items).toEqual([
      expect.objectContaining({ phoneNumber: MASKED, recipientMasked: true, quantity: 1 }),
      expect.objectContaining({ phoneNumber: mine, recipientMasked: false, quantity: 1 }),
    ]);
    // Only the typed line is bought: it tops up the number, not the request.
    const requestLine = cart.items[0]?.lineId ?? '';
    await call(s, 'DELETE', `/api/v1/cart/remove/${mptTopup}?lineId=${requestLine}`, payer.headers);
    const own = await initialize(s, payer.headers);
    expect(own.items).toEqual([
      expect.objectContaining({ phoneNumber: mine, recipientMasked: false }),
    ]);
    await payAndDeliver(payer.headers, own.orderId);
    expect((await rows.lineOf(own.orderId))?.status).toBe('delivered');
    expect((await view(request.token)).data?.status).toBe('open');
    expect((await list(requester.headers))[0]?.toppedUpAt).toBeNull();

    // The request's own line, paid: now it is topped up, by that order.
    expect((await call(s, 'POST', `${URL}/${request.token}/cart`, payer.headers)).statusCode).toBe(
      200,
    );
    const paid = await initialize(s, payer.headers);
    await payAndDeliver(payer.headers, paid.orderId);
    expect((await view(request.token)).data?.status).toBe('topped_up');
  });
});
