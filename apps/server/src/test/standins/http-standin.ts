import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP plumbing the provider stand-ins share: a server on a free port of 127.0.0.1 that hands
 * each request over with its whole body, JSON answers, a close that cuts what is still open, and
 * the plain HTTP POST a provider makes to the shop (tests without a listening shop pass their own
 * sender instead).
 */

export type StandinHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
) => void;

/** Starts a stand-in's server; `handle` gets each request once its body has arrived. */
export async function listenLocally(
  handle: StandinHandler,
): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}` };
}

/** Closes a stand-in's server now: held answers and open connections are cut. */
export function closeNow(
  server: http.Server,
  held: Iterable<{ destroy(): unknown }> = [],
): Promise<void> {
  for (const open of held) open.destroy();
  server.closeAllConnections();
  return new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A request body read as a JSON object; anything else (bad JSON, an array, a number) is {}. */
export function jsonObjectOf(body: Buffer): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A provider's POST to the shop over HTTP (a callback, a delivery receipt). */
export async function postOverHttp(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; contentType: string; body: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body: await res.text(),
  };
}

/** The faults a stand-in of a sending API (SMS) can be told to show, and what they counted. */
export interface SendFaults {
  /** The next N sends answer "unavailable". */
  failNext: number;
  /** Sends are held open, never answered. */
  hang: boolean;
  unavailableAnswers: number;
}

/**
 * Answers a send with the fault it is told to show: held open while `hang`, else "unavailable"
 * (`answerUnavailable`) while `failNext` counts down. True when a fault took the request.
 */
export function answeredByFault(
  faults: SendFaults,
  res: http.ServerResponse,
  held: http.ServerResponse[],
  answerUnavailable: () => void,
): boolean {
  if (faults.hang) {
    held.push(res);
    return true;
  }
  if (faults.failNext > 0) {
    faults.failNext -= 1;
    faults.unavailableAnswers += 1;
    answerUnavailable();
    return true;
  }
  return false;
}
