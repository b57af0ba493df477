import { inFestival } from '@shop/contracts/festival-days';
import type { FestivalWindow } from '@shop/contracts/festivals';

/** Spec §9 "Festival overlay | closes after 10 s; message after 1 s". */
export const FESTIVAL_MESSAGE_DELAY_MS = 1000;
export const FESTIVAL_CLOSE_AFTER_MS = 10_000;

/** The Yangon day the greeting was last shown on by itself (once a day). */
export const FESTIVAL_SHOWN_KEY = 'festival-greeting-shown';

/** Today in Asia/Yangon as YYYY-MM-DD (the festival windows are Yangon dates). */
export function yangonToday(now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Yangon',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Whether `now` is on a festival day in Yangon. */
export const isFestivalDay = (windows: readonly FestivalWindow[], now: Date): boolean =>
  inFestival(windows, yangonToday(now));

/** The overlay opens by itself on a festival day it has not opened on yet. */
export const greetingDue = (
  windows: readonly FestivalWindow[],
  today: string,
  lastShownDay: string | null,
): boolean => inFestival(windows, today) && lastShownDay !== today;
