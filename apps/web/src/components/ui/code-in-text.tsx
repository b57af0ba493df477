/** Where a code goes in a translated sentence: t(key, { number: CODE_SLOT }). */
export const CODE_SLOT = '\u0000';

/**
 * A code the reader types or dials elsewhere — an order number, a phone number, a reference, a
 * dial string — keeps its Latin digits on a Burmese page and is marked translate="no" (ADR 0023).
 * With `text`, the code is put into the translated sentence at CODE_SLOT.
 */
export function Code({ children, text }: { children: string; text?: string }) {
  const code = <span translate="no">{children}</span>;
  if (text === undefined) return code;
  const [before = '', after = ''] = text.split(CODE_SLOT);
  return (
    <>
      {before}
      {code}
      {after}
    </>
  );
}
