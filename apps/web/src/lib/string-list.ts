/** The strings of a translated list (`t(key, { returnObjects: true })`); anything else is dropped. */
export const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
