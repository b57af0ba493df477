import { localDigits, toBurmeseDigits, type Language } from '@shop/contracts/languages';

const burmeseMonths = [
  'ဇန်နဝါရီ',
  'ဖေဖော်ဝါရီ',
  'မတ်',
  'ဧပြီ',
  'မေ',
  'ဇွန်',
  'ဇူလိုင်',
  'ဩဂုတ်',
  'စက်တင်ဘာ',
  'အောက်တိုဘာ',
  'နိုဝင်ဘာ',
  'ဒီဇင်ဘာ',
];

/**
 * A date (optionally with the time) in Asia/Yangon, in the UI language. Burmese is spelled out by
 * hand because browsers often lack "my" locale data (Chromium falls back to English).
 */
export function formatDate(
  iso: string,
  /** 'my' for Burmese; anything else is English. */
  language: string | undefined,
  options: { withTime?: boolean; style?: 'long' | 'medium'; timeZone?: string } = {},
): string {
  const date = new Date(iso);
  const { withTime = false, style = 'long', timeZone = 'Asia/Yangon' } = options;
  if (language !== 'my') {
    return new Intl.DateTimeFormat('en-GB', {
      dateStyle: style,
      ...(withTime ? { timeStyle: 'short' } : {}),
      timeZone,
    }).format(date);
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const month = burmeseMonths[Number(part('month')) - 1] ?? '';
  const day = `${toBurmeseDigits(part('year'))} ခုနှစ် ${month} ${toBurmeseDigits(part('day'))} ရက်`;
  return withTime ? `${day} ${toBurmeseDigits(`${part('hour')}:${part('minute')}`)}` : day;
}

/**
 * A calendar date ("2027-12-31", such as a card's expiry) in the UI language: the same day
 * everywhere, whatever the time zone ("31 Dec 2027", "၂၀၂၇ ခုနှစ် ဒီဇင်ဘာ ၃၁ ရက်").
 */
export const formatCalendarDate = (
  day: string,
  language: string | undefined,
  options: { style?: 'long' | 'medium' } = {},
): string => formatDate(`${day}T12:00:00Z`, language, { ...options, timeZone: 'UTC' });

/** A countdown's time left: 300 → "05:00", in Burmese "၀၅:၀၀". */
export function formatCountdown(seconds: number, language: Language): string {
  const minutes = Math.floor(seconds / 60);
  const clock = `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  return localDigits(clock, language);
}

const englishMonths = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/**
 * The calendar day (YYYY-MM-DD) an instant falls on in Asia/Yangon, the shop's day (DESIGN §4):
 * what a bonus-point window's first and last days are compared with.
 */
export function yangonDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'Asia/Yangon',
  }).format(at);
}

/**
 * A short run of calendar days (YYYY-MM-DD, inclusive) without the year, such as bonus-point days:
 * "24–26 Oct", "30 Oct – 2 Nov", "24 Oct"; in Burmese with Burmese digits, "အောက်တိုဘာ ၂၄–၂၆ ရက်".
 */
export function formatDayRange(start: string, end: string, language: string | undefined): string {
  const parts = (day: string) => {
    const [, month = '1', date = '1'] = day.split('-');
    return { month: Number(month) - 1, date: String(Number(date)) };
  };
  const a = parts(start);
  const b = parts(end);
  if (language === 'my') {
    const month = (m: number) => burmeseMonths[m] ?? '';
    const d = toBurmeseDigits;
    if (start === end) return `${month(a.month)} ${d(a.date)} ရက်`;
    if (a.month === b.month) return `${month(a.month)} ${d(a.date)}–${d(b.date)} ရက်`;
    return `${month(a.month)} ${d(a.date)} ရက် – ${month(b.month)} ${d(b.date)} ရက်`;
  }
  const month = (m: number) => englishMonths[m] ?? '';
  if (start === end) return `${a.date} ${month(a.month)}`;
  if (a.month === b.month) return `${a.date}–${b.date} ${month(a.month)}`;
  return `${a.date} ${month(a.month)} – ${b.date} ${month(b.month)}`;
}
