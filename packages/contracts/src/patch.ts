import * as z from 'zod/mini';

/**
 * A PATCH body: the fields of `shape` that are given change, and at least one must be given;
 * an empty body is refused with `nothingToChange`.
 */
export const patchBody = <S extends z.core.$ZodLooseShape>(shape: S, nothingToChange: string) =>
  z.pipe(
    z.object(shape),
    z.transform((body, ctx) => {
      if (Object.values(body as Record<string, unknown>).every((v) => v === undefined)) {
        ctx.issues.push({ code: 'custom', message: nothingToChange, input: body });
        return z.NEVER;
      }
      return body;
    }),
  );
