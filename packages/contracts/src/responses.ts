import * as z from 'zod/mini';

/** The answer of a call that changes something and has nothing to send back but its message. */
export const plainSuccessSchema = z.object({ success: z.literal(true), message: z.string() });
