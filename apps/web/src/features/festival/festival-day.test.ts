import { describe, expect, it } from 'vitest';
import { greetingDue, yangonToday } from './festival-day.ts';

const windows = [{ name: 'thadingyut' as const, start: '2026-10-24', end: '2026-10-27' }];

describe('today in Yangon', () => {
  it('is the Yangon date, 6 h 30 ahead of UTC', () => {
    expect(yangonToday(new Date('2026-10-23T17:29:00Z'))).toBe('2026-10-23');
    expect(yangonToday(new Date('2026-10-23T17:30:00Z'))).toBe('2026-10-24');
    expect(yangonToday(new Date('2026-10-27T17:29:59Z'))).toBe('2026-10-27');
    expect(yangonToday(new Date('2026-10-27T17:30:00Z'))).toBe('2026-10-28');
  });
});

describe('festival greeting, once a day', () => {
  it('opens by itself on each festival day, first and last included', () => {
    expect(greetingDue(windows, '2026-10-24', null)).toBe(true);
    expect(greetingDue(windows, '2026-10-27', '2026-10-26')).toBe(true);
  });

  it('does not open again on a day it already opened', () => {
    expect(greetingDue(windows, '2026-10-25', '2026-10-25')).toBe(false);
  });

  it('does not open outside the festival or when the server has no festival', () => {
    expect(greetingDue(windows, '2026-10-23', null)).toBe(false);
    expect(greetingDue(windows, '2026-10-28', null)).toBe(false);
    expect(greetingDue([], '2026-10-25', null)).toBe(false);
  });
});
