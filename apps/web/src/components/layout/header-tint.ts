import { useSyncExternalStore } from 'react';

/** The header's colour when no banner colour is known (shopping spec §4: "default is dark blue"). */
export const DEFAULT_HEADER_TINT = '#0b2a5b';

export type Rgb = readonly [number, number, number];

function channelLuminance(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance. */
export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * channelLuminance(r) + 0.7152 * channelLuminance(g) + 0.0722 * channelLuminance(b);
}

export function contrastWithWhite(colour: Rgb): number {
  return 1.05 / (relativeLuminance(colour) + 0.05);
}

const toHex = (rgb: Rgb) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The header keeps white text, so a banner colour is darkened (mixed towards black) until white
 * on it reaches a contrast of 7:1 (WCAG AAA, leaves room for the translucent link pills).
 */
export function headerTintFor(colour: Rgb): string {
  let current: Rgb = colour;
  for (let step = 0; step < 40 && contrastWithWhite(current) < 7; step += 1) {
    current = [current[0] * 0.92, current[1] * 0.92, current[2] * 0.92];
  }
  return toHex(current);
}

let tint = DEFAULT_HEADER_TINT;
const listeners = new Set<() => void>();

/** Set by the banner carousel; null goes back to the default. */
export function setHeaderTint(colour: Rgb | null) {
  const next = colour ? headerTintFor(colour) : DEFAULT_HEADER_TINT;
  if (next === tint) return;
  tint = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useHeaderTint(): string {
  return useSyncExternalStore(
    subscribe,
    () => tint,
    () => tint,
  );
}
