import * as z from 'zod/mini';

/** The answer of a call that changes something and has nothing to send back but its message. */
export const plainSuccessSchema = z.object({ success: z.literal(true), message: z.string() });

/** The envelope most calls answer in: `{ success: true, message, data }`. */
export const successResponse = <T extends z.ZodMiniType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

/** A public read that sends no message: `{ success: true, data }`. */
export const dataResponse = <T extends z.ZodMiniType>(data: T) =>
  z.object({ success: z.literal(true), data });

export const paginationMetaSchema = z.object({
  page: z.int(),
  /** At least 1, also for an empty list ("page 1 of 1"). */
  totalPages: z.int(),
  total: z.int(),
  limit: z.int(),
});
export type PaginationMeta = z.output<typeof paginationMetaSchema>;

/** One page of a list: `{ success: true, message, data: item[], meta }`. */
export const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.array(item),
    meta: paginationMetaSchema,
  });
