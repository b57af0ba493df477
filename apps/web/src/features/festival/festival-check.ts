import type { QueryClient } from '@tanstack/react-query';
import { festivalsQuery } from './api/festivals-api.ts';
import { FESTIVAL_SHOWN_KEY, greetingDue, yangonToday } from './festival-day.ts';

function readShownDay(): string | null {
  try {
    return localStorage.getItem(FESTIVAL_SHOWN_KEY);
  } catch {
    return null;
  }
}

/**
 * Whether the greeting opens by itself now (loaded after the page is ready, never in its first
 * JavaScript): today in Yangon is a festival day and it has not opened today. Noted as shown.
 */
export async function takeFestivalGreeting(queryClient: QueryClient): Promise<boolean> {
  const windows = await queryClient.query(festivalsQuery);
  const today = yangonToday(new Date());
  if (!greetingDue(windows, today, readShownDay())) return false;
  try {
    localStorage.setItem(FESTIVAL_SHOWN_KEY, today);
  } catch {
    // Storage blocked: it may open again on the next visit today.
  }
  return true;
}
