import * as z from 'zod/mini';
import { dataResponse } from './responses.ts';

// The shop's claims on Home ("Why shop with us", spec §1's marketing claims), as the owner set them
// in the back-office (issue 17), apart from the admin contracts so Home's lazily loaded highlights
// carry only this answer's schema.

export const SHOP_CLAIMS_MAX = 8;
export const SHOP_CLAIM_TITLE_MAX = 60;
export const SHOP_CLAIM_TEXT_MAX = 200;

/** One claim in both shop languages (each field trimmed, never empty). */
export const shopClaimSchema = z.object({
  titleEn: z.string(),
  titleMy: z.string(),
  textEn: z.string(),
  textMy: z.string(),
});
export type ShopClaim = z.output<typeof shopClaimSchema>;

/** GET /api/v1/site/claims: the owner's claims, or null when none are set (the built-in ones). */
export const shopClaimsResponseSchema = dataResponse(z.nullable(z.array(shopClaimSchema)));
export type ShopClaimsResponse = z.output<typeof shopClaimsResponseSchema>;
