export function fontconfigWithoutMyanmar(): { file: string; remove: () => void };
