import { Redis } from 'ioredis';

/**
 * One Redis connection for shared counters (DESIGN §1: when REDIS_URL is set nothing that must be
 * shared lives in one process's memory). Commands fail fast instead of queueing for ever while
 * Redis is down, so a request gets an error rather than hanging.
 */
export function createRedisClient(url: string): Redis {
  const client = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
  });
  // Connection errors are retried by ioredis; without a listener they would crash the process.
  client.on('error', () => undefined);
  return client;
}
