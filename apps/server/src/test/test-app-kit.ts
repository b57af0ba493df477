import { afterAll, beforeAll } from 'vitest';
import { closeInstances, createTestApp, twoInstancesOnRedis, type TestApp } from './app-kit.ts';

/**
 * A test app for the surrounding describe block: made before its tests (createTestApp with
 * `options`), closed after them. The returned app is filled in by the time the first beforeAll
 * registered after this call runs; read it in hooks and tests, not while the block is declared.
 */
export function openTestApp(options?: Parameters<typeof createTestApp>[0]): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  afterAll(() => t.close());
  return t;
}

/**
 * Two instances on one Redis (twoInstancesOnRedis with `options`) for the surrounding describe
 * block: made before its tests, closed after them (closeInstances). Filled in as openTestApp's is.
 */
export function openTwoInstancesOnRedis(
  options?: Parameters<typeof twoInstancesOnRedis>[0],
): [TestApp, TestApp] {
  const a = {} as TestApp;
  const b = {} as TestApp;
  beforeAll(async () => {
    const [first, second] = await twoInstancesOnRedis(options);
    Object.assign(a, first);
    Object.assign(b, second);
  });
  afterAll(() => closeInstances(a, b));
  return [a, b];
}
