import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runPeriodically } from './periodic.ts';

describe('runPeriodically', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs from ready every period, goes on after a failure (logged), and stops on close', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const logged = vi.spyOn(app.log, 'error');
    let runs = 0;
    runPeriodically(app, 1000, 'the check failed', () => {
      runs += 1;
      return runs === 2 ? Promise.reject(new Error('down')) : Promise.resolve();
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(0);
    await app.ready();
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(3);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[1]).toBe('the check failed');
    await app.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });
});
