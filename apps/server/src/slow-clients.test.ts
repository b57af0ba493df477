import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * Slow clients over real sockets (issue 13, ADR 0025): a client that sends its headers or body a
 * byte at a time, or keeps an idle connection, is cut off in time; sockets beyond the cap are
 * closed at once; the shop keeps answering everyone else.
 */

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
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  port = address.port;
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
  it('headers sent a byte at a time: 408 and the socket closed within the headers timeout', async () => {
    const { socket, closed } = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: shop.test\r\nX-Slow: ');
    dribble(socket, 100);
    const { received, afterMs } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeLessThan(2500);
  });

  it('a body sent a byte at a time: cut off within the request timeout', async () => {
    const { socket, closed } = await open();
    socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"email":"',
    );
    dribble(socket, 100);
    const { received, afterMs } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeLessThan(3000);
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
