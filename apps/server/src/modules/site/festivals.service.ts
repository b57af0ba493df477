import type { FestivalWindow } from '@shop/contracts/festivals';
import { z } from 'zod';
import { FESTIVALS_SETTING, type ContactRepo } from './contact.repo.ts';

const storedFestivalsSchema = z.array(
  z.object({
    name: z.literal('thadingyut'),
    start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
);

/** The stored festival windows; null when none are stored (or they cannot be read). */
export const parseFestivals = (value: unknown): FestivalWindow[] | null => {
  const parsed = storedFestivalsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * The festival windows (issue 16): those the owner set in the back-office (site_settings
 * "festivals", issue 17), or else the server's FESTIVAL_DATES, as before there was a setting.
 */
export function createFestivalsService(deps: {
  repo: ContactRepo;
  configured: readonly { start: string; end: string }[];
}) {
  const fallback: FestivalWindow[] = deps.configured.map((w) => ({
    name: 'thadingyut',
    start: w.start,
    end: w.end,
  }));
  return {
    fallback: () => fallback.map((w) => ({ ...w })),
    async list(): Promise<FestivalWindow[]> {
      return parseFestivals(await deps.repo.readSetting(FESTIVALS_SETTING)) ?? this.fallback();
    },
  };
}

export type FestivalsService = ReturnType<typeof createFestivalsService>;
