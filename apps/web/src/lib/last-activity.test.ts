import { afterEach, describe, expect, it } from 'vitest';
import {
  ACTIVITY_EVENTS,
  ACTIVITY_WRITE_INTERVAL_MS,
  LAST_ACTIVITY_KEY,
  lastActivity,
  trackLastActivity,
} from './last-activity.ts';

describe('trackLastActivity (account spec §9: user-activity events update a last-activity timestamp)', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    localStorage.clear();
  });

  it.each(ACTIVITY_EVENTS)('records the time of a %s event', (type) => {
    const clock = 1_700_000_000_000;
    stop = trackLastActivity({ now: () => clock });
    expect(lastActivity()).toBeNull();
    const target = type === 'visibilitychange' ? document : window;
    target.dispatchEvent(new Event(type, { bubbles: true }));
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(clock));
    expect(lastActivity()).toBe(clock);
  });

  it('writes at most once every few seconds, then again with the later time', () => {
    let clock = 1_700_000_000_000;
    const writes: string[] = [];
    stop = trackLastActivity({
      now: () => clock,
      storage: {
        setItem: (_key, value) => {
          writes.push(value);
        },
      },
    });
    window.dispatchEvent(new Event('scroll'));
    clock += ACTIVITY_WRITE_INTERVAL_MS - 1;
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('keydown'));
    expect(writes).toEqual([String(1_700_000_000_000)]);
    clock += 1;
    window.dispatchEvent(new Event('pointerdown'));
    expect(writes).toEqual([
      String(1_700_000_000_000),
      String(1_700_000_000_000 + ACTIVITY_WRITE_INTERVAL_MS),
    ]);
  });

  it('listens passively, stops when told, and survives a storage that refuses writes', () => {
    const added: { type: string; options: unknown }[] = [];
    const removed: string[] = [];
    const target = {
      addEventListener: (type: string, _listener: unknown, options: unknown) => {
        added.push({ type, options });
      },
      removeEventListener: (type: string) => {
        removed.push(type);
      },
    } as unknown as Window;
    stop = trackLastActivity({ target });
    expect(added.map(({ type }) => type)).toEqual([...ACTIVITY_EVENTS]);
    for (const { options } of added) expect(options).toMatchObject({ passive: true });
    stop();
    stop = undefined;
    expect(removed).toEqual([...ACTIVITY_EVENTS]);

    stop = trackLastActivity({
      storage: {
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
      },
    });
    expect(() => window.dispatchEvent(new Event('keydown'))).not.toThrow();
    stop();
    stop = undefined;
    window.dispatchEvent(new Event('keydown'));
    expect(lastActivity()).toBeNull();
  });
});
