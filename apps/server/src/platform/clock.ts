/**
 * The time source of rules that expire (tokens, codes, rate-limit windows). Injected so tests move
 * time forward instead of sleeping.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Asia/Yangon is UTC+06:30 all year (no daylight saving). */
export const YANGON_OFFSET_MS = 6.5 * 60 * 60 * 1000;

/**
 * The calendar day (YYYY-MM-DD) it is in Yangon at `instant`: the day the shop's dates mean
 * (DESIGN §4), whatever the time zone of the server or the browser.
 */
export const yangonDay = (instant: Date): string =>
  new Date(instant.getTime() + YANGON_OFFSET_MS).toISOString().slice(0, 10);

/** The instant the Yangon calendar day YYYY-MM-DD begins. */
export const yangonDayStart = (day: string): Date =>
  new Date(Date.parse(`${day}T00:00:00Z`) - YANGON_OFFSET_MS);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight in Yangon at the start of the day `instant` falls in. */
export const startOfYangonDay = (instant: Date): Date => yangonDayStart(yangonDay(instant));

/** The instants a Yangon calendar day YYYY-MM-DD runs between (end exclusive). */
export function yangonDayWindow(day: string): { start: Date; end: Date } {
  const start = yangonDayStart(day);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** The Yangon day (YYYY-MM-DD) before the one `now` is in: the last one complete. */
export const previousYangonDay = (now: Date): string => yangonDay(new Date(now.getTime() - DAY_MS));

/** An instant as ISO 8601 in Yangon's time, e.g. 2026-11-25T21:36:41.123+06:30. */
export function yangonIso(instant: Date | null): string | null {
  if (!instant) return null;
  return `${new Date(instant.getTime() + YANGON_OFFSET_MS).toISOString().slice(0, -1)}+06:30`;
}
