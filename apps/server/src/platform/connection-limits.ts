import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientNetwork } from './http.ts';

/** How often at most the refusals of the per-address cap are logged. */
const WARN_EVERY_MS = 60_000;

export interface ConnectionLimits {
  /** Open sockets one remote address may have; 0: no cap (behind the proxy, ADR 0048). */
  perAddress: number;
  /** A socket that has sent no byte by then is closed. */
  firstByteTimeoutMs: number;
}

/**
 * Limits on sockets, before any request (ADR 0048): beyond `perAddress` open sockets from one
 * remote address a new one is destroyed at once, so one client cannot take every socket of
 * HTTP_MAX_CONNECTIONS; a socket that sends nothing within `firstByteTimeoutMs` is closed (Node's
 * headers timeout then covers a request begun and not finished). Listens to the server's
 * `connection` event, after Node's own HTTP listener.
 */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits,
  warn: (details: { address: string; perAddress: number }, message: string) => void,
): void {
  const openByAddress = new Map<string, number>();
  let warnedAt = -Infinity;

  /** Counts the socket against its address; false when the address already has its cap. */
  function admit(socket: Socket): boolean {
    // Counted per client network as every per-address limit is: an IPv6 client holds a whole /64.
    if (limits.perAddress === 0 || socket.remoteAddress === undefined) return true;
    const address = clientNetwork(socket.remoteAddress);
    const open = openByAddress.get(address) ?? 0;
    if (open >= limits.perAddress) {
      const now = performance.now();
      if (now - warnedAt >= WARN_EVERY_MS) {
        warnedAt = now;
        warn(
          { address, perAddress: limits.perAddress },
          'connections refused: one address has HTTP_MAX_CONNECTIONS_PER_ADDRESS open',
        );
      }
      return false;
    }
    openByAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left > 0) openByAddress.set(address, left);
      else openByAddress.delete(address);
    });
    return true;
  }

  server.on('connection', (socket: Socket) => {
    if (!admit(socket)) {
      socket.destroy();
      return;
    }
    const firstByte = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, limits.firstByteTimeoutMs);
    firstByte.unref();
    socket.once('close', () => {
      clearTimeout(firstByte);
    });
  });
}
