/** Text as an HTML e-mail body carries it: the five characters HTML reads, as entities. */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A message's {name} slots filled from `vars` (a slot without a value is left empty). */
export const fill = (value: string, vars: Record<string, string>) =>
  value.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
