import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `everyMs` on this instance, from when the app is ready until it closes (the
 * timer never keeps the process alive). A failed run is logged with `failure` and the next one
 * still comes. The modules' sweeps and checks (unverified accounts, idle guest carts, expired
 * payments, the aggregator's balance) all run this way.
 */
export function runPeriodically(
  app: FastifyInstance,
  everyMs: number,
  failure: string,
  task: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    timer = setInterval(() => {
      task().catch((err: unknown) => {
        app.log.error({ err }, failure);
      });
    }, everyMs);
    timer.unref();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    clearInterval(timer);
    return Promise.resolve();
  });
}
