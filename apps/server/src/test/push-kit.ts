import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { call, createShopTest, type ShopTest } from './checkout-kit.ts';

/*
 * The kit of the Web Push tests: a stand-in push service, a browser's side of a subscription and
 * how it reads a push, a push service that never answers, and the settings that let a shop push
 * to stand-ins on this machine.
 */

/** What a shop needs to push to stand-ins on 127.0.0.1 (plain HTTP, a private address; ADR 0042). */
export const LOCAL_PUSH_ENV = {
  PUSH_ALLOW_HTTP: 'true',
  PUSH_ALLOWED_HOSTS: '127.0.0.1',
  PUSH_ALLOW_PRIVATE_ADDRESSES: 'true',
} as const;

/**
 * For the surrounding describe block: a push service started (`startPushService`, or `startTarpit`
 * for one that never answers), then a shop whose top-up simulator answers at once and that may push
 * to it (LOCAL_PUSH_ENV). The returned shop test, with `pushService`, is filled in by the time the
 * first beforeAll registered after this call runs; after the tests the push service closes, then the
 * shop.
 */
export function openPushingShop<P extends { close(): Promise<void> }>(
  startService: () => Promise<P>,
): ShopTest & { pushService: P } {
  const opened = {} as ShopTest & { pushService: P };
  beforeAll(async () => {
    const pushService = await startService();
    Object.assign(
      opened,
      { pushService },
      await createShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0', ...LOCAL_PUSH_ENV }),
    );
  });
  afterAll(async () => {
    await opened.pushService.close();
    await opened.t.close();
  });
  return opened;
}

/** A push as the stand-in push service received it. */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A stand-in push service: takes pushes like FCM or Mozilla's would (201), answers 410 Gone for
 * /gone/*, and keeps what it received. On 127.0.0.1, or with `allAddresses` on every local
 * address (127.0.0.1 and ::1, for endpoints named `localhost`).
 */
export async function startPushService(options: { allAddresses?: boolean } = {}) {
  const received: ReceivedPush[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => {
    if (options.allAddresses) server.listen(0, resolve);
    else server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

/** A browser's side of a subscription: its key pair and auth secret, and the body it subscribes with. */
export function pushDevice(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    auth,
    body: (language: 'en' | 'my') => ({
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      language,
    }),
  };
}

// web-push's own dependency: the receiving side of RFC 8188 (what a browser does with a push).
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer;
};

/** A push's body as the device decrypts it. */
export const decryptPush = (body: Buffer, device: { ecdh: ECDH; auth: string }) =>
  ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth });

/** POST /api/v1/notifications/subscriptions with this body. */
export const subscribePush = (s: ShopTest, headers: Record<string, string>, body: object) =>
  call(s, 'POST', '/api/v1/notifications/subscriptions', headers, body);

/** Accepts TCP connections and never answers (a tarpit); counts what it was sent. */
export async function startTarpit() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    connections: () => connections,
    open: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Polls `check` every 25 ms until it holds (true) or `timeoutMs` have passed (false). */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}
