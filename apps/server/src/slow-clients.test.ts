import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app-kit.ts';

/**
 * Slow clients over real sockets (issue 13, ADR 0025): a client that sends its headers or body a
 * byte at a time, or keeps an idle connection, is cut off in time; sockets beyond the cap are
 * closed at once; the shop keeps answering everyone else.
 */

/** Starts `app` listening on a free port of 127.0.0.1: the port. */
async function listenOnFreePort(app: TestApp): Promise<number> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

let t: TestApp;
let port: number;
const MAX_CONNECTIONS = 20;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      HTTP_HEADERS_TIMEOUT_MS: '500',
      HTTP_REQUEST_TIMEOUT_MS: '1000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
      HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    },
  });
  port = await listenOnFreePort(t);
});
afterAll(async () => {
  await t.close();
});

/** Opens a socket; `closed` resolves with what the server sent and when it closed the socket. */
async function open() {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const openedAt = performance.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<{ received: string; afterMs: number }>((resolve) => {
    socket.once('close', () => {
      resolve({ received, afterMs: performance.now() - openedAt });
    });
  });
  return { socket, closed };
}

/** Writes one byte every `everyMs` until the socket closes (or `max` bytes). */
function dribble(socket: net.Socket, everyMs: number, max = 1000) {
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= max) {
      clearInterval(timer);
      return;
    }
    socket.write('a');
    sent += 1;
  }, everyMs);
  socket.once('close', () => {
    clearInterval(timer);
  });
}

const health = async () => (await fetch(`http://127.0.0.1:${String(port)}/healthz`)).status;

describe('slow clients', () => {
  it.each([
    [
      'headers sent a byte at a time: 408 and the socket closed within the headers timeout',
      'GET /healthz HTTP/1.1\r\nHost: shop.test\r\nX-Slow: ',
      2500,
    ],
    [
      'a body sent a byte at a time: cut off within the request timeout',
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"email":"',
      3000,
    ],
  ])('%s', async (_name, start, withinMs) => {
    const { socket, closed } = await open();
    socket.write(start);
    dribble(socket, 100);
    const { received, afterMs } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeLessThan(withinMs);
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const { socket, closed } = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: shop.test\r\n\r\n');
    const { received, afterMs } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(afterMs).toBeLessThan(2500);
  });

  it(`beyond ${String(MAX_CONNECTIONS)} open sockets new ones are closed at once; others are served after the slow ones are cut`, async () => {
    const slow = await Promise.all(Array.from({ length: MAX_CONNECTIONS + 10 }, () => open()));
    for (const { socket } of slow) {
      socket.write(
        'POST /api/v1/auth/login HTTP/1.1\r\nHost: shop.test\r\nContent-Length: 900\r\n\r\n',
      );
      dribble(socket, 200);
    }
    const outcomes = await Promise.all(slow.map(({ closed }) => closed));
    // The ten over the cap are dropped without an answer, long before any timeout.
    const dropped = outcomes.filter((o) => o.received === '' && o.afterMs < 500);
    expect(dropped.length).toBeGreaterThanOrEqual(10);
    // The rest were cut by the request timeout; the shop answers again.
    expect(outcomes.every((o) => o.afterMs < 4000)).toBe(true);
    expect(await health()).toBe(200);
  });
});

/**
 * Issue 25: one client opening many connections that send nothing took every socket of the total
 * cap, so everyone else was refused until the headers timeout closed them. A cap per remote
 * address and a first-byte timeout (ADR 0048) keep the others served.
 */
describe('silent connections from one address', () => {
  const TOTAL = 20;
  const PER_ADDRESS = 10;
  const FIRST_BYTE_MS = 500;
  let silent: TestApp;
  let silentPort: number;

  beforeAll(async () => {
    silent = await createTestApp({
      env: {
        // Long enough that, without the fix, the silent sockets are still open when the other
        // client comes.
        HTTP_HEADERS_TIMEOUT_MS: '5000',
        HTTP_MAX_CONNECTIONS: String(TOTAL),
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
        HTTP_FIRST_BYTE_TIMEOUT_MS: String(FIRST_BYTE_MS),
      },
    });
    silentPort = await listenOnFreePort(silent);
  });
  afterAll(async () => {
    await silent.close();
  });

  /** A socket from `localAddress` that sends nothing; `closed` resolves when the server closes it. */
  async function openSilent(localAddress: string) {
    const socket = net.connect({ host: '127.0.0.1', port: silentPort, localAddress });
    socket.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const openedAt = performance.now();
    const closed = new Promise<number>((resolve) => {
      socket.once('close', () => {
        resolve(performance.now() - openedAt);
      });
    });
    return { socket, closed };
  }

  /** GET /healthz from `localAddress`: the status, or the error that refused it. */
  function healthFrom(localAddress: string) {
    return new Promise<number | string>((resolve) => {
      const req = http.get(
        { host: '127.0.0.1', port: silentPort, path: '/healthz', localAddress, agent: false },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.setTimeout(2000, () => {
        req.destroy(new Error('timed out'));
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        resolve(err.code ?? err.message);
      });
    });
  }

  it(`${String(TOTAL + 10)} silent sockets from one address: past ${String(PER_ADDRESS)} closed at once, another address is served, the silent ones closed after the first-byte timeout`, async () => {
    const sockets = await Promise.all(
      Array.from({ length: TOTAL + 10 }, () => openSilent('127.0.0.1')),
    );
    // A moment for the server to take (or drop) every one of them.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const startedAt = performance.now();
    expect(await healthFrom('127.0.0.2')).toBe(200);
    expect(performance.now() - startedAt).toBeLessThan(FIRST_BYTE_MS);
    const closedAfter = await Promise.all(sockets.map(({ closed }) => closed));
    const atOnce = closedAfter.filter((ms) => ms < FIRST_BYTE_MS / 2);
    expect(atOnce).toHaveLength(TOTAL + 10 - PER_ADDRESS);
    const timedOut = closedAfter.filter((ms) => ms >= FIRST_BYTE_MS / 2);
    expect(timedOut).toHaveLength(PER_ADDRESS);
    // Closed by the first-byte timeout (checked to the timer), well before the headers timeout.
    expect(Math.max(...timedOut)).toBeLessThan(FIRST_BYTE_MS + 1000);
    // The first address is served again once its silent sockets are gone.
    expect(await healthFrom('127.0.0.1')).toBe(200);
  });

  it('a socket that has sent a request is not cut by the first-byte timeout: its keep-alive outlives it', async () => {
    const { socket, closed } = await openSilent('127.0.0.3');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    const request = 'GET /healthz HTTP/1.1\r\nHost: shop.test\r\n\r\n';
    socket.write(request);
    await new Promise((resolve) => setTimeout(resolve, FIRST_BYTE_MS + 300));
    expect(socket.destroyed).toBe(false);
    socket.write(request);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    socket.destroy();
    await closed;
  });
});
