import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErrorBody } from '@shop/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedIn, openShopTest } from '../../test/checkout-kit.ts';
import { paidOrder, stockCards } from '../../test/fulfilment-kit.ts';
import { createHttpContentScreen } from './http-content-screen.ts';

/**
 * A stand-in moderation service: refuses notes with "banana" as spam, answers 500 to "crash" and
 * a made-up category to "odd"; keeps the texts it was asked about.
 */
async function startModeration() {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { text } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text: string };
      asked.push(text);
      res.setHeader('content-type', 'application/json');
      if (text.includes('crash')) res.statusCode = 500;
      res.end(
        JSON.stringify(
          text.includes('banana')
            ? { ok: false, category: 'spam' }
            : text.includes('odd')
              ? { ok: false, category: 'bananas' }
              : { ok: true },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/screen`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

describe('a moderation service in place of the local screen (CONTENT_SCREEN_URL)', () => {
  let moderation: Awaited<ReturnType<typeof startModeration>>;
  beforeAll(async () => {
    moderation = await startModeration();
  });
  afterAll(() => moderation.close());

  it('asks the service about the note in Unicode and follows its verdict', async () => {
    const screen = createHttpContentScreen({ url: moderation.url });
    expect(await screen.screen('  Happy birthday ')).toEqual({ ok: true, text: 'Happy birthday' });
    expect(await screen.screen('cheap banana here')).toEqual({ ok: false, category: 'spam' });
    // Zawgyi arrives converted; an empty note and control characters never leave the shop.
    await screen.screen('မဂၤလာပါ');
    expect(moderation.asked.at(-1)).toBe('မင်္ဂလာပါ');
    const before = moderation.asked.length;
    expect(await screen.screen('gift \u202Efor you')).toEqual({
      ok: false,
      category: 'inappropriate_characters',
    });
    expect(await screen.screen('   ')).toEqual({ ok: true, text: '' });
    expect(moderation.asked).toHaveLength(before);
    await expect(screen.screen('crash')).rejects.toThrow(/500/);
    await expect(screen.screen('odd')).rejects.toThrow(/unknown verdict/);
  });

  describe('through the share call', () => {
    let buyer: Awaited<ReturnType<typeof signedIn>>;
    let orderId: string;
    const s = openShopTest(() => ({
      TOPUP_SIMULATOR_MAX_DELAY_MS: '0',
      CONTENT_SCREEN_URL: moderation.url,
    }));
    beforeAll(async () => {
      buyer = await signedIn(s);
      await stockCards(s, 'G-STEAM-10', 1);
      orderId = (await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }], { user: buyer })).order
        .orderId;
      await s.t.app.runPendingJobs();
    });

    const share = (note: string) =>
      call(s, 'POST', `/api/v1/orders/${orderId}/share`, buyer.headers, { type: 'gift', note });

    it('refuses what the service refuses, and answers 503 when it cannot tell', async () => {
      const spam = await share('banana deals');
      expect(spam.statusCode).toBe(400);
      expect(spam.json<ErrorBody>()).toMatchObject({
        message: 'Your message contains inappropriate content. Please revise it.',
        fields: { note: 'spam' },
      });
      const down = await share('crash');
      expect(down.statusCode).toBe(503);
      expect(down.json<ErrorBody>().message).toBe('Note validation failed. Please try again.');
      // The local word lists are not asked: a note they would refuse passes if the service says so.
      expect((await share('what the hell, enjoy')).statusCode).toBe(201);
    });
  });
});
