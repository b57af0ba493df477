/**
 * Call-centre hours (shopping spec §9 "Call centre", configured in the site settings), without
 * zod: the Home page reads them to word its support claim and stays within its script budget.
 */
export interface BusinessHours {
  /** "HH:MM", 24-hour clock, in `timezone`. */
  start: string;
  end: string;
  /** ISO weekdays: 1 = Monday … 7 = Sunday. */
  workingDays: number[];
  /** IANA zone, Asia/Yangon. */
  timezone: string;
}

/** The spec's hours (§9), used when nothing else is configured. */
export const defaultBusinessHours: BusinessHours = {
  start: '09:00',
  end: '17:00',
  workingDays: [1, 2, 3, 4, 5],
  timezone: 'Asia/Yangon',
};

const weekdayNumbers: Record<string, number> = {
  Mon: 1,
  Tue: 2,
  Wed: 3,
  Thu: 4,
  Fri: 5,
  Sat: 6,
  Sun: 7,
};

/** Whether the call centre is open at `now`, judged on the clock of hours.timezone (start ≤ t < end). */
export function isCallCentreOpen(hours: BusinessHours, now: Date = new Date()): boolean {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: hours.timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = weekdayNumbers[part('weekday')];
  if (weekday === undefined || !hours.workingDays.includes(weekday)) return false;
  const time = `${part('hour').padStart(2, '0')}:${part('minute').padStart(2, '0')}`;
  return time >= hours.start && time < hours.end;
}

/** Open every day, all day: only then may the shop promise "24/7 support". */
export function isAroundTheClock(hours: BusinessHours): boolean {
  const days = new Set(hours.workingDays);
  return (
    [1, 2, 3, 4, 5, 6, 7].every((d) => days.has(d)) &&
    hours.start === '00:00' &&
    hours.end >= '23:59'
  );
}
