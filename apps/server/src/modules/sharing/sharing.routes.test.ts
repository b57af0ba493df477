import type { ErrorBody } from '@shop/contracts/errors';
import { orderResponseSchema, type Order } from '@shop/contracts/orders';
import {
  aiLimitStatusResponseSchema,
  generateStyleResponseSchema,
  sharedOrderResponseSchema,
  shareResponseSchema,
  shareTypeListResponseSchema,
  shareTypeResponseSchema,
  type ShareStyle,
} from '@shop/contracts/sharing';
import { eq } from 'drizzle-orm';
import { login } from '../../test/auth-kit.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMptTopUp,
  call,
  cancelPayment,
  initialize,
  openShopTest,
  signedIn,
} from '../../test/checkout-kit.ts';
import { ordersInEveryState, stockCards } from '../../test/fulfilment-kit.ts';
import { shares } from './sharing.tables.ts';

const DAY_MS = 86_400_000;
const guest = { 'accept-language': 'en' };

describe('sharing API (shopping spec §7 Share, Share types; issue 15)', () => {
  let buyer: Awaited<ReturnType<typeof signedIn>>;
  let stranger: Awaited<ReturnType<typeof signedIn>>;
  let pins: string[];
  let completed: string;
  let failed: string;
  let pending: string;
  let cancelled: string;

  const s = openShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0', SHARE_AI_DAILY_LIMIT: '3' });
  beforeAll(async () => {
    buyer = await signedIn(s);
    stranger = await signedIn(s);
    pins = (await stockCards(s, 'G-STEAM-10', 2)).map((c) => c.pin);
    // The simulator declines the failed order's number.
    ({ completed, failed, pending } = await ordersInEveryState(s, buyer));
    // Another buyer's order, cancelled before payment.
    cancelled = (await initialize(s, await cartWithTopUp(stranger.headers))).orderId;
    const cancel = await cancelPayment(s, stranger.headers, cancelled);
    if (cancel.statusCode !== 200) throw new Error(`cancel failed: ${cancel.body}`);
  });

  async function cartWithTopUp(headers: Record<string, string>) {
    await addMptTopUp(s, headers);
    return headers;
  }

  const share = (orderId: string, body: object, headers: Record<string, string> = buyer.headers) =>
    call(s, 'POST', `/api/v1/orders/${orderId}/share`, headers, body);
  const unshare = (orderId: string, headers: Record<string, string> = buyer.headers) =>
    call(s, 'DELETE', `/api/v1/orders/${orderId}/share`, headers);
  const publicRead = (shareId: string, language = 'en') =>
    call(s, 'GET', `/api/v1/shares/${shareId}`, { 'accept-language': language });
  const detail = async (orderId: string): Promise<Order> => {
    const res = await call(s, 'GET', `/api/v1/orders/${orderId}`, buyer.headers);
    expect(res.statusCode, res.body).toBe(200);
    return orderResponseSchema.parse(res.json()).data;
  };
  /** After the clock moved days on, the access tokens have expired: sign in again. */
  const signInAgain = async () => {
    for (const who of [buyer, stranger]) {
      const tokens = await login(s.t, who.person);
      who.headers.authorization = `Bearer ${tokens.data.accessToken}`;
    }
  };
  const expectInvalid = async (shareId: string) => {
    const res = await publicRead(shareId);
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().message).toBe('This link may not exist or has expired');
  };

  it('asks a guest to log in for every buyer call', async () => {
    for (const [method, url] of [
      ['POST', `/api/v1/orders/${completed}/share`],
      ['DELETE', `/api/v1/orders/${completed}/share`],
      ['GET', '/api/v1/sharetypes'],
      ['POST', '/api/v1/sharetypes'],
      ['DELETE', `/api/v1/sharetypes/${completed}`],
      ['POST', '/api/v1/sharetypes/generate-style'],
      ['GET', '/api/v1/sharetypes/ai-limit-status'],
    ] as const) {
      const body = method === 'POST' ? { type: 'gift', note: '', title: 'x' } : undefined;
      const res = await call(s, method, url, guest, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json<ErrorBody>().message).toBe('You must be logged in to share orders');
    }
    const my = await share(completed, { type: 'gift' }, { 'accept-language': 'my' });
    expect(my.json<ErrorBody>().message).toBe('အော်ဒါများကို မျှဝေရန် အကောင့်ဝင်ရပါမည်');
  });

  it('makes one unguessable link per completed order: 201, then 208 with the same link', async () => {
    const first = await share(completed, { type: 'gift', note: '  Happy birthday Mum! 🎂 ' });
    expect(first.statusCode, first.body).toBe(201);
    const link = shareResponseSchema.parse(first.json()).data;
    expect(link.shareId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.shareUrl).toBe(`${s.t.config.publicUrl}/sharewith/${link.shareId}`);
    expect(link.type).toBe('gift');
    expect(link.message).toBe('Share link generated');
    expect(new Date(link.expiresAt).getTime() - s.clock().getTime()).toBe(30 * DAY_MS);

    const again = await share(completed, { type: 'love', note: 'another' });
    expect(again.statusCode).toBe(208);
    const body = shareResponseSchema.parse(again.json());
    expect(body.message).toBe('Share link already exists');
    expect(body.data).toMatchObject({ shareId: link.shareId, type: 'gift' });

    const order = await detail(completed);
    expect(order.share).toMatchObject({ shareId: link.shareId, shareUrl: link.shareUrl });
    expect(order.sharingDisabled).toBe(false);
  });

  it('lets nobody but the buyer share or disable, and only completed orders', async () => {
    expect((await share(completed, { type: 'gift' }, stranger.headers)).statusCode).toBe(404);
    expect((await unshare(completed, stranger.headers)).statusCode).toBe(404);
    const refused = [
      [failed, 'Failed orders cannot be shared', buyer],
      [pending, 'Only completed orders can be shared', buyer],
      [cancelled, 'Cancelled orders cannot be shared', stranger],
    ] as const;
    for (const [orderId, message, who] of refused) {
      const res = await share(orderId, { type: 'gift' }, who.headers);
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().message).toBe(message);
    }
    const my = await share(failed, { type: 'gift' }, { ...buyer.headers, 'accept-language': 'my' });
    expect(my.json<ErrorBody>().message).toBe('မအောင်မြင်သော အော်ဒါများကို မျှဝေ၍ မရပါ');
    const badType = await share(completed, { type: 'no-such-type' });
    // The live link answers first (208); an order without one checks the type.
    expect(badType.statusCode).toBe(208);
  });

  it('shows the shared order to anyone with the link: note, sender, items, cards without PINs', async () => {
    const { share: live } = await detail(completed);
    if (!live) throw new Error('no live link');
    const res = await publicRead(live.shareId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const shared = sharedOrderResponseSchema.parse(res.json()).data;
    expect(shared.note).toBe('Happy birthday Mum! 🎂');
    expect(shared.senderName).toBe(buyer.person.name.split(' ')[0]);
    expect(shared.type).toMatchObject({ title: 'gift', builtIn: true });
    expect(shared.type.style.emoji).toBe('🎁');
    const cards = shared.order.items.flatMap((i) => i.cards);
    expect(cards).toHaveLength(2);
    const topup = shared.order.items.find((i) => i.kind === 'topup');
    expect(topup?.phoneNumber).toBe('09••••••001');
    expect(topup?.eload?.status).toBe('success');
    for (const pin of pins) expect(res.body).not.toContain(pin);
    expect(res.body).not.toMatch(/"(price|unitPrice|lineTotal|total)"/);

    const my = sharedOrderResponseSchema.parse((await publicRead(live.shareId, 'my')).json());
    expect(my.message).toBe('မျှဝေထားသော အော်ဒါကို ရယူပြီးပါပြီ');
  });

  it('reveals a PIN to the link’s holder and tells the buyer it was opened, sharing stays on', async () => {
    const { share: live, items } = await detail(completed);
    if (!live) throw new Error('no live link');
    const card = items.flatMap((i) => i.cards)[0];
    if (!card) throw new Error('no card');
    const url = `/api/v1/shares/${live.shareId}/cards/${card.cardId}/scratch`;
    const res = await call(s, 'PUT', url, guest, { scratch: true });
    expect(res.statusCode, res.body).toBe(200);
    const pin = res.json<{ data: { pin: string } }>().data.pin;
    expect(pins).toContain(pin);
    // Revealing again answers the same PIN; the first time is kept.
    s.clock.advance(60_000);
    expect((await call(s, 'PUT', url, guest, { scratch: true })).json()).toMatchObject({
      data: { pin },
    });

    const order = await detail(completed);
    const opened = order.items.flatMap((i) => i.cards).find((c) => c.cardId === card.cardId);
    expect(opened?.openedByRecipientAt).not.toBeNull();
    expect(opened?.scratched).toBe(false);
    expect(opened?.pin).toBeNull();
    expect(order.sharingDisabled).toBe(false);
    const shared = sharedOrderResponseSchema.parse((await publicRead(live.shareId)).json()).data;
    expect(
      shared.order.items.flatMap((i) => i.cards).find((c) => c.cardId === card.cardId),
    ).toMatchObject({ revealedAt: opened?.openedByRecipientAt });

    // A card of another order, or an unknown one, is not found through this link.
    const other = await call(
      s,
      'PUT',
      `/api/v1/shares/${live.shareId}/cards/${crypto.randomUUID()}/scratch`,
      guest,
      { scratch: true },
    );
    expect(other.statusCode).toBe(404);
  });

  it('answers unknown, disabled and expired links alike; a new link can follow', async () => {
    await expectInvalid('unknown');
    await expectInvalid('A'.repeat(32));
    const { share: live } = await detail(completed);
    if (!live) throw new Error('no live link');

    const off = await unshare(completed);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ success: true, message: 'Sharing disabled' });
    await expectInvalid(live.shareId);
    expect((await detail(completed)).share).toBeNull();
    const scratch = await call(
      s,
      'PUT',
      `/api/v1/shares/${live.shareId}/cards/${crypto.randomUUID()}/scratch`,
      guest,
      { scratch: true },
    );
    expect(scratch.json<ErrorBody>().message).toBe('This link may not exist or has expired');

    const next = await share(completed, { type: 'treat', note: '' });
    expect(next.statusCode).toBe(201);
    const fresh = shareResponseSchema.parse(next.json()).data;
    expect(fresh.shareId).not.toBe(live.shareId);
    expect((await publicRead(fresh.shareId)).statusCode).toBe(200);

    s.clock.advance(30 * DAY_MS + 1000);
    await signInAgain();
    await expectInvalid(fresh.shareId);
    expect((await detail(completed)).share).toBeNull();
    // The expired link is retired when a new one is made.
    const after = await share(completed, { type: 'gift' });
    expect(after.statusCode).toBe(201);
    const rows = await s.t.database.db.select().from(shares).where(eq(shares.orderId, completed));
    expect(rows.filter((r) => r.disabledAt === null)).toHaveLength(1);
  });

  it('refuses a rude note with the spec’s message and its category, in the caller’s language', async () => {
    await unshare(completed);
    const rude = await share(completed, { type: 'gift', note: 'you are a fucking idiot' });
    expect(rude.statusCode).toBe(400);
    const body = rude.json<ErrorBody>();
    expect(body.message).toBe('Your message contains inappropriate content. Please revise it.');
    expect(body.fields?.note).toMatch(
      /^(inappropriate language|toxic|insulting|hate speech|threatening)$/,
    );
    const my = await share(
      completed,
      { type: 'gift', note: 'you are a fucking idiot' },
      { ...buyer.headers, 'accept-language': 'my' },
    );
    expect(my.json<ErrorBody>().message).toBe(
      'သင့်စာတွင် မသင့်လျော်သော အကြောင်းအရာ ပါဝင်နေပါသည်။ ပြင်ဆင်ပေးပါ။',
    );
    // Burmese in Unicode, and in Zawgyi (converted before the check).
    for (const note of ['ငါ မင်းကို သတ်ပစ်မယ်', 'ငါ မင္းကို သတ္ပစ္မယ္']) {
      const burmese = await share(completed, { type: 'gift', note });
      expect(burmese.statusCode, note).toBe(400);
      expect(burmese.json<ErrorBody>()).toMatchObject({
        message: 'Your message contains inappropriate content. Please revise it.',
        fields: { note: 'threatening' },
      });
    }
    const bidi = await share(completed, { type: 'gift', note: 'gift \u202Efor you' });
    expect(bidi.statusCode).toBe(400);
    expect(bidi.json<ErrorBody>()).toMatchObject({
      message: 'Your note contains inappropriate characters. Please fix it.',
      fields: { note: 'inappropriate characters' },
    });
    const long = await share(completed, { type: 'gift', note: 'a'.repeat(301) });
    expect(long.json<ErrorBody>().message).toBe('The note can be at most 300 characters');
    // Nothing was made.
    expect((await detail(completed)).share).toBeNull();
  });

  it('lists built-ins and own types, keeps at most 5 own types, deletes only the owner’s', async () => {
    const list = async (query = '', headers = buyer.headers) => {
      const res = await call(s, 'GET', `/api/v1/sharetypes${query}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return shareTypeListResponseSchema.parse(res.json());
    };
    const initial = await list();
    expect(initial.data.map((t) => t.title)).toEqual([
      'gift',
      'treat',
      'share',
      'allowance',
      'repayment',
      'love',
    ]);
    expect(initial.meta).toEqual({ page: 1, limit: 10, total: 6, totalPages: 1 });

    const add = (title: string, headers = buyer.headers) =>
      call(s, 'POST', '/api/v1/sharetypes', headers, { title });
    const created = await Promise.all(
      ['Birthday', 'Thingyan', 'For Mum', 'Game night', 'Exam luck', 'One too many', 'Extra'].map(
        (title) => add(title),
      ),
    );
    // Concurrent adds: the user's row lock lets exactly 5 through.
    expect(created.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = created.filter((r) => r.statusCode !== 201);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json<ErrorBody>().message).toBe(
        'You can have at most 5 share types. Delete one to add another.',
      );
    }
    const full = await list('?limit=20');
    expect(full.data).toHaveLength(11);
    const mine = full.data.filter((t) => !t.builtIn);
    expect(mine.every((t) => t.id !== null && /^#[0-9a-f]{6}$/i.test(t.style.primaryColor))).toBe(
      true,
    );
    expect((await list('?page=2&limit=10')).data).toHaveLength(1);
    // Which five were made is up to the race: search for one of them by a part of its title.
    const found = mine[0]?.title ?? '';
    expect(
      (await list(`?search=${encodeURIComponent(found.slice(0, 4).toLowerCase())}`)).data.map(
        (t) => t.title,
      ),
    ).toEqual([found]);
    expect((await list('', stranger.headers)).data).toHaveLength(6);

    const victim = mine[0];
    if (!victim?.id) throw new Error('no own type');
    const foreign = await call(s, 'DELETE', `/api/v1/sharetypes/${victim.id}`, stranger.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<ErrorBody>().message).toBe('Share type not found');
    const deleted = await call(s, 'DELETE', `/api/v1/sharetypes/${victim.id}`, buyer.headers);
    expect(deleted.json()).toEqual({ success: true, message: 'Share type deleted' });
    expect(
      (await call(s, 'DELETE', `/api/v1/sharetypes/${victim.id}`, buyer.headers)).statusCode,
    ).toBe(404);

    const duplicate = await add(mine[1]?.title.toUpperCase() ?? '');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<ErrorBody>().message).toBe('A share type with this title already exists');
    expect((await add('Gift')).json<ErrorBody>().message).toBe(
      'A share type with this title already exists',
    );
    expect((await add('  ')).json<ErrorBody>().message).toBe('Enter a title of 1 to 30 characters');
    const rude = await add('shithead');
    expect(rude.statusCode).toBe(400);
  });

  it('generates an AI style keyed by the title, within the daily limit, and shares with it', async () => {
    const status = async () =>
      aiLimitStatusResponseSchema.parse(
        (await call(s, 'GET', '/api/v1/sharetypes/ai-limit-status', buyer.headers)).json(),
      ).data;
    expect(await status()).toMatchObject({ used: 0, limit: 3, remaining: 3 });
    const generate = (title: string) =>
      call(s, 'POST', '/api/v1/sharetypes/generate-style', buyer.headers, { title });
    const first = await generate('Thadingyut lights');
    expect(first.statusCode, first.body).toBe(200);
    const style = generateStyleResponseSchema.parse(first.json()).data['Thadingyut lights'];
    expect(style?.emoji).toBe('🏮');
    expect(style?.greeting.my).toMatch(/သီတင်းကျွတ်/);
    // Deterministic: the same title, the same style.
    const second = generateStyleResponseSchema.parse((await generate('Thadingyut lights')).json());
    expect(second.data['Thadingyut lights']).toEqual(style);
    expect((await generate('Third')).statusCode).toBe(200);
    const over = await generate('Fourth');
    expect(over.statusCode).toBe(429);
    expect(over.json<ErrorBody>().message).toBe(
      "You have used today's AI styles. Try again tomorrow.",
    );
    expect(await status()).toMatchObject({ used: 3, remaining: 0 });

    // A custom type with that style, used for a link with a Burmese note.
    const own = await call(s, 'POST', '/api/v1/sharetypes', buyer.headers, {
      title: 'Festival',
      style: style as ShareStyle,
    });
    // The buyer already has 4 own types (one was deleted above).
    expect(own.statusCode, own.body).toBe(201);
    const type = shareTypeResponseSchema.parse(own.json()).data;
    expect(type.style).toEqual(style);
    const made = await share(completed, { type: 'festival', note: 'မွေးနေ့မှာ ပျော်ရွှင်ပါစေ' });
    expect(made.statusCode, made.body).toBe(201);
    const link = shareResponseSchema.parse(made.json()).data;
    await call(s, 'DELETE', `/api/v1/sharetypes/${type.id ?? ''}`, buyer.headers);
    // The link keeps the style it was made with.
    const shared = sharedOrderResponseSchema.parse((await publicRead(link.shareId)).json()).data;
    expect(shared.type).toMatchObject({ title: 'Festival', builtIn: false, style });
    expect(shared.note).toBe('မွေးနေ့မှာ ပျော်ရွှင်ပါစေ');

    s.clock.advance(DAY_MS);
    await signInAgain();
    expect(await status()).toMatchObject({ used: 0, remaining: 3 });
  });

  it('gives concurrent shares of one order one link', async () => {
    await unshare(completed);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => share(completed, { type: 'share', note: 'for you' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 208, 208, 208, 208, 208]);
    const ids = new Set(answers.map((r) => shareResponseSchema.parse(r.json()).data.shareId));
    expect(ids.size).toBe(1);
  });

  it('ends sharing when the buyer scratches a card: the link goes invalid and no new one', async () => {
    const { share: live, items } = await detail(completed);
    if (!live) throw new Error('no live link');
    const card = items.flatMap((i) => i.cards)[1];
    const scratched = await call(
      s,
      'PUT',
      `/api/v1/cards/${card?.cardId ?? ''}/scratch`,
      buyer.headers,
      {
        scratch: true,
      },
    );
    expect(scratched.statusCode).toBe(200);
    await expectInvalid(live.shareId);
    const res = await share(completed, { type: 'gift' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().message).toBe(
      'Sharing is turned off for this order because a card was scratched or an invoice was generated',
    );
    expect((await detail(completed)).share).toBeNull();
  });
});
