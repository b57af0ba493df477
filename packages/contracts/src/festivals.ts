import * as z from 'zod/mini';
import { dataResponse } from './responses.ts';

// The festival windows the overlay is shown in (issue 16), apart from the analytics schemas so the
// web's festival check carries none of theirs.

/** A festival's days (Yangon dates, inclusive), from the server's configuration. */
export const festivalWindowSchema = z.object({
  name: z.literal('thadingyut'),
  start: z.string(),
  end: z.string(),
});
export type FestivalWindow = z.output<typeof festivalWindowSchema>;

export const festivalsResponseSchema = dataResponse(z.array(festivalWindowSchema));
export type FestivalsResponse = z.output<typeof festivalsResponseSchema>;

export { inFestival } from './festival-days.ts';
