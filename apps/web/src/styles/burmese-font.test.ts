import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  burmeseCodepoints,
  burmeseTextSources,
  unicodeRange,
} from '../../scripts/burmese-text.mjs';
import subset from '../assets/fonts/noto-sans-myanmar-shop.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };

/**
 * The shop's Noto Sans Myanmar subset (ADR 0066) covers every Burmese character the shop shows: a
 * translation or catalogue name with a letter the subset lacks fails here until the subset is
 * made again (node apps/web/scripts/subset-burmese-font.mjs), and the committed fonts and
 * fonts.css agree with the list the script wrote.
 */
const repoRoot = path.join(import.meta.dirname, '..', '..', '..', '..');
const fontsDir = path.join(import.meta.dirname, '..', 'assets', 'fonts');
const codepoints = new Set(subset.codepoints.map((code) => Number.parseInt(code.slice(2), 16)));
const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;

describe('the Burmese font subset', () => {
  it('reads the locale files, the contracts and the demo catalogue', () => {
    const sources = burmeseTextSources(repoRoot);
    expect(sources).toEqual(
      expect.arrayContaining([
        'apps/web/src/locales/my.json',
        'apps/web/src/features/catalogue/locales/my.json',
        'apps/server/src/db/demo-data.ts',
      ]),
    );
    // The sources hold Burmese (a wrong root would find none and pass).
    expect(burmeseCodepoints(repoRoot, sources).length).toBeGreaterThan(50);
  });

  it('has every Burmese character the shop shows', () => {
    const missing = burmeseCodepoints(repoRoot)
      .filter((c) => !codepoints.has(c))
      .map((c) => `${hex(c)} ${String.fromCodePoint(c)}`);
    expect(missing, 'run node apps/web/scripts/subset-burmese-font.mjs').toEqual([]);
  });

  it("has the English pages' one Burmese word in a face of its own", () => {
    // The language toggle's word (locales/en.json): a new word needs a new face.
    expect(subset.word.text).toBe(en.language.switchTo);
    const letters = [...new Set(Array.from(subset.word.text, (char) => char.codePointAt(0) ?? 0))];
    expect(subset.word.unicodeRange).toBe(unicodeRange(letters.sort((a, b) => a - b)));
    const font = fs.readFileSync(path.join(fontsDir, subset.word.file));
    expect(createHash('sha256').update(font).digest('hex')).toBe(subset.word.sha256);
    expect(font.length).toBeLessThan(4000);
  });

  it('has the whole Burmese alphabet, its digits and what shaping needs', () => {
    for (let c = 0x1000; c <= 0x104f; c += 1) expect(codepoints.has(c), hex(c)).toBe(true);
    for (const c of [0x200c, 0x200d, 0x25cc]) expect(codepoints.has(c), hex(c)).toBe(true);
  });

  it('is what the committed fonts and fonts.css hold', () => {
    expect(subset.unicodeRange).toBe(unicodeRange([...codepoints].sort((a, b) => a - b)));
    for (const weight of ['400', '700'] as const) {
      const { file, bytes, sha256 } = subset.files[weight];
      const font = fs.readFileSync(path.join(fontsDir, file));
      expect(font.length).toBe(bytes);
      expect(createHash('sha256').update(font).digest('hex')).toBe(sha256);
      // Far smaller than the full face it was cut from.
      expect(bytes).toBeLessThan(subset.files[weight].sourceBytes * 0.6);
    }
    const css = fs.readFileSync(path.join(import.meta.dirname, 'fonts.css'), 'utf8');
    const ranges = [...css.matchAll(/\/\* shop-subset-range \*\/\s*unicode-range:([^;]*);/g)].map(
      (match) => (match[1] ?? '').replace(/\s+/g, ' ').trim(),
    );
    expect(ranges).toEqual([subset.unicodeRange, subset.unicodeRange]);
    const wordRanges = [...css.matchAll(/\/\* shop-word-range \*\/\s*unicode-range:([^;]*);/g)].map(
      (match) => (match[1] ?? '').replace(/\s+/g, ' ').trim(),
    );
    expect(wordRanges).toEqual([subset.word.unicodeRange]);
    expect(css).toContain(`url('../assets/fonts/${subset.word.file}')`);
    expect(css).toContain(`url('../assets/fonts/${subset.files['400'].file}')`);
    expect(css).toContain(`url('../assets/fonts/${subset.files['700'].file}')`);
  });
});
