import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { createRedisClient } from './redis.ts';

/**
 * Cache of serialised responses (the bytes sent, their ETag and content type) for read paths that
 * are hot and change rarely: the catalogue.
 *
 * - Each process keeps a bounded LRU (entries and bytes), so a flood of distinct query strings
 *   cannot grow memory without limit.
 * - Correctness across instances: with Redis, a change anywhere INCRements a generation counter and
 *   PUBLISHes it; every instance subscribes and drops its entries when the generation moves. On
 *   (re)connect and every `pollMs` it also re-reads the counter, so a lost pub/sub message costs at
 *   most one poll interval of staleness. Without Redis (one process) the change is only local.
 * - Entries also expire after `ttlMs`, a last resort for writes done behind the server's back
 *   (manual SQL) that nobody announced.
 */
export interface CachedResponse {
  body: Buffer;
  /**
   * The body compressed once, when the entry is made (issue 13): a hit sends these bytes as they
   * are, so compression costs no CPU on the hot path. Absent for small bodies or no gain.
   */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
  /** Strong validator: a hash of the body, quoted as HTTP wants it. */
  etag: string;
  /** The validator of each encoded form (a strong validator names one representation's bytes). */
  encodedEtags: Partial<Record<ContentEncoding, string>>;
  contentType: string;
  /** The HTTP status to answer with, when not 200 (a server-rendered page that is not found). */
  status?: number;
}

export type ContentEncoding = 'br' | 'gzip';

/** Below this a compressed answer saves less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024;

/** Everything an entry holds, for the cache's byte budget. */
const entryBytes = (value: CachedResponse) =>
  value.body.length + (value.encoded.br?.length ?? 0) + (value.encoded.gzip?.length ?? 0);

export interface ResponseCache {
  /**
   * The entry for key, computing (once, even under concurrent misses) and storing it if absent.
   * `alias` (such as the raw request URL) is stored too, pointing at the same entry, for `peek`.
   */
  getOrCompute(
    key: string,
    compute: () => Promise<CachedResponse>,
    alias?: string,
  ): Promise<CachedResponse>;
  /** The live entry for key, if any, without computing anything: the fast path of a hit. */
  peek(key: string): CachedResponse | undefined;
  /**
   * The cached data changed: drop this instance's entries now and tell the other instances.
   * Resolves when the other instances have been told (or Redis failed, which is logged).
   */
  invalidate(): Promise<void>;
  /** Local counter of invalidations seen (local or remote); for tests and diagnostics. */
  readonly generation: number;
  readonly size: number;
  /** Resolves once subscribed to changes and the shared generation was read (at once without Redis). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface ResponseCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
  /** With a URL, invalidations are shared through Redis under `${keyPrefix}${name}:…`. */
  redisUrl?: string | undefined;
  keyPrefix?: string;
  /** Names this cache's Redis key and channel (one generation per cached domain). */
  name: string;
  pollMs?: number;
  now?: () => number;
  onError?: (err: unknown, what: string) => void;
}

/** Builds a cache entry from bytes to send. */
export function cachedResponse(
  body: string | Buffer,
  contentType = 'application/json; charset=utf-8',
): CachedResponse {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  const encoded: CachedResponse['encoded'] = {};
  if (bytes.length >= COMPRESS_MIN_BYTES) {
    // Made once per entry, so the strongest settings that stay fast on tens of kilobytes.
    const br = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzip = zlib.gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) encoded.br = br;
    if (gzip.length < bytes.length) encoded.gzip = gzip;
  }
  const encodedEtags: CachedResponse['encodedEtags'] = {};
  for (const encoding of ['br', 'gzip'] as const)
    if (encoded[encoding]) encodedEtags[encoding] = `"${hash}-${encoding}"`;
  return { body: bytes, encoded, etag: `"${hash}"`, encodedEtags, contentType };
}

interface Slot {
  value: CachedResponse;
  expiresAt: number;
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const maxEntries = options.maxEntries ?? 1000;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const onError = options.onError ?? (() => undefined);

  // A Map iterates in insertion order: re-inserting on every hit makes the first key the least
  // recently used one.
  const slots = new Map<string, Slot>();
  const inFlight = new Map<string, Promise<CachedResponse>>();
  let bytes = 0;
  let generation = 0;

  const drop = (key: string, slot: Slot) => {
    slots.delete(key);
    bytes -= entryBytes(slot.value);
  };
  const clearLocal = () => {
    generation += 1;
    slots.clear();
    inFlight.clear();
    bytes = 0;
  };
  const store = (key: string, value: CachedResponse) => {
    const old = slots.get(key);
    if (old) drop(key, old);
    if (entryBytes(value) > maxBytes) return;
    slots.set(key, { value, expiresAt: now() + ttlMs });
    bytes += entryBytes(value);
    for (const [oldest, slot] of slots) {
      if (slots.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldest, slot);
    }
  };

  /** The entry if present and fresh, marked as the most recently used. */
  const live = (key: string): CachedResponse | undefined => {
    const slot = slots.get(key);
    if (!slot) return undefined;
    if (slot.expiresAt <= now()) {
      drop(key, slot);
      return undefined;
    }
    slots.delete(key);
    slots.set(key, slot);
    return slot.value;
  };

  // ---- Redis: shared generation counter and change notifications ----
  const genKey = `${options.keyPrefix ?? ''}${options.name}:generation`;
  const channel = `${options.keyPrefix ?? ''}${options.name}:changed`;
  let redis: Redis | undefined;
  let subscriber: Redis | undefined;
  let poller: NodeJS.Timeout | undefined;
  /** The shared generation this instance's entries were computed under. */
  let sharedGeneration: string | null | undefined;
  let readyPromise: Promise<void> = Promise.resolve();

  const observeShared = (value: string | null) => {
    // Also on the first reading: entries stored before it are of an unknown generation.
    if (value !== sharedGeneration) clearLocal();
    sharedGeneration = value;
  };
  const resync = async () => {
    if (!redis) return;
    try {
      observeShared(await redis.get(genKey));
    } catch (err) {
      onError(err, 'cache generation read');
    }
  };

  if (options.redisUrl) {
    redis = createRedisClient(options.redisUrl);
    // It subscribes again itself on every 'ready' (below).
    subscriber = createRedisClient(options.redisUrl, { autoResubscribe: false });
    subscriber.on('message', (from: string, message: string) => {
      if (from === channel) observeShared(message);
    });
    const subscribe = (sub: Redis) =>
      sub.subscribe(channel).then(
        () => resync(),
        (err: unknown) => {
          onError(err, 'cache subscribe');
        },
      );
    // Also after a reconnect: messages published while disconnected were lost (and a first
    // subscribe that failed while Redis was down is retried).
    const sub = subscriber;
    sub.on('ready', () => void subscribe(sub));
    readyPromise = subscribe(sub);
    poller = setInterval(() => void resync(), options.pollMs ?? 5000);
    poller.unref();
  }

  return {
    async getOrCompute(key, compute, alias) {
      const hit = live(key);
      if (hit) {
        if (alias !== undefined && alias !== key && !slots.has(alias)) store(alias, hit);
        return hit;
      }
      const pending = inFlight.get(key);
      if (pending) return pending;
      // Remember the generation: an answer computed from data read before an invalidation must
      // not be stored after it.
      const startedAt = generation;
      const promise = compute().then(
        (value) => {
          if (inFlight.get(key) === promise) inFlight.delete(key);
          if (generation === startedAt) {
            store(key, value);
            if (alias !== undefined && alias !== key) store(alias, value);
          }
          return value;
        },
        (err: unknown) => {
          if (inFlight.get(key) === promise) inFlight.delete(key);
          throw err;
        },
      );
      inFlight.set(key, promise);
      return promise;
    },

    peek: live,

    async invalidate() {
      clearLocal();
      if (!redis) return;
      try {
        const next = String(await redis.incr(genKey));
        // Our own message will carry the same value and so not clear the cache a second time.
        sharedGeneration = next;
        await redis.publish(channel, next);
      } catch (err) {
        onError(err, 'cache invalidation broadcast');
      }
    },

    get generation() {
      return generation;
    },
    get size() {
      return slots.size;
    },
    ready: () => readyPromise,

    async close() {
      if (poller) clearInterval(poller);
      clearLocal();
      for (const client of [subscriber, redis]) {
        if (!client) continue;
        await client.quit().catch(() => {
          client.disconnect();
        });
      }
    },
  };
}

/** Whether the client's If-None-Match already names this representation (a 304 is enough). */
function clientHas(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison (RFC 9110 §13.1.2): W/"x" matches "x".
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Which of the stored encodings an Accept-Encoding value takes (q > 0). */
interface AcceptedEncodings {
  br: boolean;
  gzip: boolean;
}

function parseAcceptEncoding(acceptEncoding: string): AcceptedEncodings {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wants = (name: ContentEncoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return { br: wants('br'), gzip: wants('gzip') };
}

/**
 * Accept-Encoding values repeat endlessly (one per browser version): parsing each costs more than
 * a lookup. Bounded, so a flood of made-up values cannot grow it.
 */
const acceptedEncodings = new Map<string, AcceptedEncodings>();
const ACCEPTED_ENCODINGS_MAX = 256;

/** The client's best encoding this entry has: br before gzip, none when q=0 or not offered. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  entry: CachedResponse,
): ContentEncoding | null {
  if (!acceptEncoding) return null;
  let accepted = acceptedEncodings.get(acceptEncoding);
  if (accepted === undefined) {
    accepted = parseAcceptEncoding(acceptEncoding);
    if (acceptedEncodings.size < ACCEPTED_ENCODINGS_MAX)
      acceptedEncodings.set(acceptEncoding, accepted);
  }
  if (entry.encoded.br && accepted.br) return 'br';
  if (entry.encoded.gzip && accepted.gzip) return 'gzip';
  return null;
}

/**
 * Sends cached bytes as they are (no serialisation, no compression work: the entry holds its br and
 * gzip forms), with a validator per representation and a short freshness lifetime; answers 304
 * when the client holds the same bytes. The answer depends on the language and the encoding.
 */
export function sendCachedResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedResponse,
  maxAgeSeconds: number,
): FastifyReply {
  const encoding = chooseEncoding(request.headers['accept-encoding'], entry);
  // A strong validator names one representation's bytes: each encoding has its own.
  const etag = (encoding && entry.encodedEtags[encoding]) || entry.etag;
  reply
    .header('etag', etag)
    // 0: kept, but checked with the server on every use (the pages, which carry the validator).
    .header('cache-control', maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : 'no-cache')
    .header('vary', 'accept-language, accept-encoding');
  if (clientHas(request, etag)) return reply.code(304).send();
  const bytes = encoding ? entry.encoded[encoding] : undefined;
  if (encoding && bytes) reply.header('content-encoding', encoding);
  // The stored type is complete (charset included): set as it is, without reply.type()'s checks.
  return reply.header('content-type', entry.contentType).send(bytes ?? entry.body);
}
