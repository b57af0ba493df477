import { afterEach, describe, expect, it } from 'vitest';
import { startAplusStandin } from '../../test/standins/aplus.ts';
import { startKbzStandin, type KbzStandin } from '../../test/standins/kbzpay.ts';
import { startWaveStandin } from '../../test/standins/wave.ts';
import { runPaymentSmoke, type SmokeOptions } from './payment-smoke.ts';

/**
 * `npm run smoke` (payment-smoke.ts) against the stand-ins: the same adapter calls an owner's
 * smoke run makes against a UAT host, with the customer's payment done by the stand-in.
 */

const options = (provider: string, more: Partial<SmokeOptions> = {}): SmokeOptions => ({
  provider,
  amountMmk: 100,
  method: 'mmqr',
  windowSeconds: 300,
  pollEveryMs: 1,
  refund: false,
  ...more,
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** The lines said, and a sleep that lets the customer act on the first wait. */
function io(onFirstWait: () => void | Promise<void>) {
  const lines: string[] = [];
  let waits = 0;
  return {
    lines,
    deps: {
      publicUrl: 'http://shop.test',
      say: (line: string) => lines.push(line),
      sleep: async () => {
        waits += 1;
        if (waits === 1) await onFirstWait();
      },
    },
  };
}

const onlyOrder = (kbz: KbzStandin) => {
  const [order] = [...kbz.orders.values()];
  if (!order) throw new Error('no order at the stand-in');
  return order;
};

describe('npm run smoke', () => {
  it('KBZPay: a signed precreate, the QR shown in the terminal, paid as the status query says, refunded over mTLS', async () => {
    const kbz = await startKbzStandin({ refunds: true });
    closers.push(() => kbz.close());
    const run = io(async () => {
      // The owner pays with the UAT app; no shop is listening for the callback here.
      await kbz.pay(onlyOrder(kbz).merchOrderId, { lost: true });
    });
    const outcome = await runPaymentSmoke(options('kbzpay', { refund: true }), {
      ...run.deps,
      env: kbz.env,
    });
    expect(outcome).toBe('refunded');
    const order = onlyOrder(kbz);
    expect(order).toMatchObject({ totalAmount: '100', tradeType: 'PAY_BY_QRCODE', refunded: 100 });
    expect(kbz.seen.every((request) => request.signatureOk)).toBe(true);
    expect(run.lines.join('\n')).toContain(`QR payload: 00020101021226KBZPAY${order.prepayId}`);
    expect(run.lines).toContain('status: pending');
    expect(run.lines).toContain('paid');
  });

  it('KBZPay: a payment nobody pays ends expired and is closed at KBZ', async () => {
    const kbz = await startKbzStandin();
    closers.push(() => kbz.close());
    let clock = Date.now();
    const run = io(() => undefined);
    const outcome = await runPaymentSmoke(options('kbzpay', { windowSeconds: 60 }), {
      ...run.deps,
      env: kbz.env,
      now: () => new Date(clock),
      sleep: () => {
        clock += 30_000;
        return Promise.resolve();
      },
    });
    expect(outcome).toBe('expired');
    expect(onlyOrder(kbz).status).toBe('ORDER_CLOSED');
  });

  it('A+: paid only as ABank’s enquiry says', async () => {
    const aplus = await startAplusStandin();
    closers.push(() => aplus.close());
    const run = io(() => {
      const [order] = [...aplus.orders.values()];
      aplus.settle(order?.orderId ?? '', 200);
    });
    expect(await runPaymentSmoke(options('aplus'), { ...run.deps, env: aplus.env })).toBe('paid');
    expect(aplus.refusedAuth).toBe(0);
  });

  it('Wave: created with an accepted hash; no status API, so the page to open and where the callback goes', async () => {
    const wave = await startWaveStandin();
    closers.push(() => wave.close());
    const run = io(() => undefined);
    const outcome = await runPaymentSmoke(options('wave', { method: 'direct' }), {
      ...run.deps,
      env: wave.env,
    });
    expect(outcome).toBe('created');
    expect(wave.refusedHash).toBe(0);
    expect(wave.requests.size).toBe(1);
    expect(run.lines.join('\n')).toContain(
      `Open this page and pay: ${wave.url}/authenticate?transaction_id=`,
    );
    expect(run.lines.join('\n')).toContain('http://shop.test/api/v1/payments/webhook/wave');
  });

  it('refuses what it cannot do, naming the problem and never a secret', async () => {
    const run = io(() => undefined);
    await expect(runPaymentSmoke(options('sandbox'), { ...run.deps, env: {} })).rejects.toThrow(
      /not an outside acquirer/,
    );
    await expect(
      runPaymentSmoke(options('kbzpay'), {
        ...run.deps,
        env: { KBZPAY_APP_ID: 'x', KBZPAY_APP_KEY: 'secret-key-value' },
      }),
    ).rejects.toThrow(/KBZPAY_MERCH_CODE: missing/);
    const wave = await startWaveStandin();
    closers.push(() => wave.close());
    await expect(
      runPaymentSmoke(options('wave', { method: 'mmqr' }), { ...run.deps, env: wave.env }),
    ).rejects.toThrow('wave does not collect mmqr (it collects direct)');
  });
});
