// The festival-day rule without the schemas (issue 29): the web app's header asks it before it
// loads anything about festivals, so it must not bring zod into the first JavaScript.

/** A festival's days (Yangon dates, inclusive), as festivals.ts's windows carry them. */
export interface FestivalDays {
  start: string;
  end: string;
}

/** Whether `today` (YYYY-MM-DD, Yangon) falls in one of the windows. */
export const inFestival = (windows: readonly FestivalDays[], today: string): boolean =>
  windows.some((w) => w.start <= today && today <= w.end);
