import type { shareRequestSchema } from '@shop/contracts/sharing';
import type * as z from 'zod/mini';

/** The share dialog's form (type, then note), shared by its steps. */
export type ShareValues = z.input<typeof shareRequestSchema>;

export interface ShareLinkResult {
  url: string;
  expiresAt: string;
  message?: string | undefined;
}
