/** Spec §4 "Crash screen" and §9 "Crash auto-retry | max 3, 3 s apart". */
export const MAX_AUTO_RETRIES = 3;
export const AUTO_RETRY_DELAY_SECONDS = 3;

/**
 * Whether the crash screen counts down to another automatic try: while the person leaves the
 * toggle on and fewer than three automatic tries were made; after that, manual options only.
 */
export const autoRetryPending = (triesMade: number, autoRetryOn: boolean): boolean =>
  autoRetryOn && triesMade < MAX_AUTO_RETRIES;

/** One second of the countdown: the seconds left, and whether the page is tried again now. */
export function tickCountdown(secondsLeft: number): { secondsLeft: number; retryNow: boolean } {
  const next = Math.max(0, secondsLeft - 1);
  return { secondsLeft: next, retryNow: next === 0 };
}

/** The Report Bug link: an e-mail to support with what they need to find the fault. */
export function bugReportHref(
  email: string,
  report: { subject: string; message: string; path: string; version: string },
): string {
  const body = [
    `Error: ${report.message}`,
    `Page: ${report.path}`,
    `App version: ${report.version}`,
    '',
    '',
  ].join('\n');
  return `mailto:${email}?subject=${encodeURIComponent(report.subject)}&body=${encodeURIComponent(body)}`;
}
