import { describe, expect, it } from 'vitest';
import { autoRetryPending, bugReportHref, MAX_AUTO_RETRIES, tickCountdown } from './crash-retry.ts';

describe('crash screen auto-retry', () => {
  it('tries again automatically up to three times, then leaves manual options only', () => {
    expect(MAX_AUTO_RETRIES).toBe(3);
    expect([0, 1, 2, 3, 4].map((tries) => autoRetryPending(tries, true))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('does not count down when the person turned auto-retry off', () => {
    expect(autoRetryPending(0, false)).toBe(false);
  });

  it('counts 3, 2, 1 and tries again when the countdown reaches zero', () => {
    const seen: { secondsLeft: number; retryNow: boolean }[] = [];
    let left = 3;
    for (let i = 0; i < 3; i += 1) {
      const tick = tickCountdown(left);
      seen.push(tick);
      left = tick.secondsLeft;
    }
    expect(seen).toEqual([
      { secondsLeft: 2, retryNow: false },
      { secondsLeft: 1, retryNow: false },
      { secondsLeft: 0, retryNow: true },
    ]);
    expect(tickCountdown(0)).toEqual({ secondsLeft: 0, retryNow: true });
  });
});

describe('bug report e-mail', () => {
  it('carries the error message, the page and the app version', () => {
    const href = bugReportHref('support@shop.example', {
      subject: 'Bug report',
      message: 'Boom & bust',
      path: '/orders?page=2',
      version: '1.2.3',
    });
    expect(href.startsWith('mailto:support@shop.example?subject=Bug%20report&body=')).toBe(true);
    const body = decodeURIComponent(href.split('&body=')[1] ?? '');
    expect(body).toContain('Error: Boom & bust');
    expect(body).toContain('Page: /orders?page=2');
    expect(body).toContain('App version: 1.2.3');
  });
});
