import { Redis } from 'ioredis';

/**
 * One Redis connection for shared counters (DESIGN §1: when REDIS_URL is set nothing that must be
 * shared lives in one process's memory). Commands fail fast instead of queueing for ever while
 * Redis is down, so a request gets an error rather than hanging.
 */
export function createRedisClient(
  url: string,
  options: {
    /**
     * false for a subscriber that subscribes again itself on every 'ready' (with its own error
     * handling): ioredis' automatic re-subscribe has none, so a close right after a reconnect
     * would leave an unhandled "Connection is closed." rejection.
     */
    autoResubscribe?: boolean;
  } = {},
): Redis {
  const client = new Redis(url, {
    autoResubscribe: options.autoResubscribe ?? true,
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    // A frozen Redis (connection open, no answers) must not hold a login: fail the command.
    connectTimeout: 2000,
    commandTimeout: 1000,
  });
  // Connection errors are retried by ioredis; without a listener they would crash the process.
  client.on('error', () => undefined);
  return client;
}

/** Whether Redis answers a PING within a second (for /readyz). */
export async function pingRedis(client: Redis): Promise<boolean> {
  if (client.status !== 'ready') return false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => {
      resolve(false);
    }, 1000);
  });
  try {
    return await Promise.race([client.ping().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
