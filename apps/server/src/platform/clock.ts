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
