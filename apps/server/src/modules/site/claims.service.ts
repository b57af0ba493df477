import type { ShopClaim } from '@shop/contracts/shop-claims';
import { z } from 'zod';
import { CLAIMS_SETTING, type ContactRepo } from './contact.repo.ts';

const storedClaimsSchema = z
  .array(
    z.object({
      titleEn: z.string().min(1),
      titleMy: z.string().min(1),
      textEn: z.string().min(1),
      textMy: z.string().min(1),
    }),
  )
  .min(1);

/** The stored claims; null when none are stored (or they cannot be read). */
export const parseClaims = (value: unknown): ShopClaim[] | null => {
  const parsed = storedClaimsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * The shop's claims on Home (spec §1's marketing claims): those the owner set in the back-office
 * (site_settings "shop_claims", issue 17), or null: Home then shows its built-in ones.
 */
export function createClaimsService(repo: ContactRepo) {
  return {
    async list(): Promise<ShopClaim[] | null> {
      return parseClaims(await repo.readSetting(CLAIMS_SETTING));
    },
  };
}

export type ClaimsService = ReturnType<typeof createClaimsService>;
