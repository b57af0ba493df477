#!/usr/bin/env node
/**
 * The shop's own Noto Sans Myanmar (issue 29, ADR 0066): the two weights the app uses (400, 700),
 * cut down with HarfBuzz (subset-font, hb-subset in wasm) to the Burmese characters the shop shows
 * — every Burmese string of the web app (its locale files and lazily loaded messages, and the
 * Burmese in its code), of the shared contracts (the messages the server answers with) and of the
 * demo catalogue (category and product names, descriptions) — with every glyph their shaping can
 * reach (all layout features kept: stacked consonants, medials, vowel signs), and the rest of the
 * Burmese alphabet (see BURMESE), ZWNJ/ZWJ and the dotted circle.
 *
 * The output is committed (src/assets/fonts/): the build and CI do not run this. Run it again after
 * a translation or a seed name brings a Burmese character the subset lacks — the check
 * src/styles/burmese-font.test.ts fails until then:
 *
 *   node apps/web/scripts/subset-burmese-font.mjs          (from the repository's root)
 *
 * It writes noto-sans-myanmar-shop-{400,700}.woff2, noto-sans-myanmar-word-400.woff2 (the English
 * pages' one Burmese word, the language toggle's), noto-sans-myanmar-shop.json (the codepoints,
 * sizes and hashes) and the faces' unicode-range into src/styles/fonts.css (after its
 * "shop-subset-range" and "shop-word-range" markers). Characters outside the subset (a product named later with a
 * letter of another language of the Myanmar script) still show: fonts.css keeps the full
 * @fontsource face for the whole Myanmar block, which the browser fetches only for a page that has
 * such a character.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as prettier from 'prettier';
import subsetFont from 'subset-font';
import { burmeseCodepoints, burmeseTextSources, unicodeRange } from './burmese-text.mjs';

const webRoot = path.join(import.meta.dirname, '..');
const repoRoot = path.join(webRoot, '..', '..');
const outDir = path.join(webRoot, 'src', 'assets', 'fonts');
const fontsCss = path.join(webRoot, 'src', 'styles', 'fonts.css');
const require = createRequire(import.meta.url);
const fontsourceVersion = JSON.parse(
  fs.readFileSync(require.resolve('@fontsource/noto-sans-myanmar/package.json'), 'utf8'),
).version;

/** What shaping needs besides the letters: ZWNJ, ZWJ, and the dotted circle of a broken cluster. */
const SHAPING = [0x200c, 0x200d, 0x25cc];
/**
 * The whole Burmese alphabet (U+1000–104F: consonants, vowels, medials, signs, ၀–၉ digits,
 * punctuation), even the letters no string has yet (11 of 80; 2.7 KB a weight): a product named
 * later with one of them is then shaped in this one face. A syllable split between this face and
 * the full one breaks (a stacked consonant whose lower letter is only in the full face shows its
 * virama instead: the browser retries only the missing letter's grapheme in the next face), so the
 * full face is left to the other languages of the script (Shan, Mon, Karen: U+1050–109F, …).
 */
const BURMESE = Array.from({ length: 0x50 }, (_, i) => 0x1000 + i);

const sources = burmeseTextSources(repoRoot);
const codepoints = [
  ...new Set([...burmeseCodepoints(repoRoot, sources), ...BURMESE, ...SHAPING]),
].sort((a, b) => a - b);
const text = String.fromCodePoint(...codepoints);

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
fs.mkdirSync(outDir, { recursive: true });
/** Cuts a weight of the @fontsource face down to `chars`, written to src/assets/fonts/`name`. */
async function cut(weight, chars, name) {
  const source = fs.readFileSync(
    require.resolve(
      `@fontsource/noto-sans-myanmar/files/noto-sans-myanmar-myanmar-${String(weight)}-normal.woff2`,
    ),
  );
  // The licence's name records (13, 14; @fontsource's files carry 14, the OFL's address) stay
  // with the copyright (0): the SIL Open Font License travels with every copy.
  const subset = await subsetFont(source, chars, {
    targetFormat: 'woff2',
    preserveNameIds: [13, 14],
  });
  fs.writeFileSync(path.join(outDir, name), subset);
  console.log(`${name}: ${String(source.length)} → ${String(subset.length)} bytes`);
  return { file: name, bytes: subset.length, sourceBytes: source.length, sha256: sha256(subset) };
}

const files = {};
for (const weight of [400, 700])
  files[weight] = await cut(weight, text, `noto-sans-myanmar-shop-${String(weight)}.woff2`);

/**
 * The one Burmese word of the English pages, the language toggle's မြန်မာ (locales/en.json), in a
 * face of its own letters (regular; the toggle is 500): an English page then downloads about 1 KB
 * for it, not the 23 KB subset.
 */
const toggleWord = JSON.parse(
  fs.readFileSync(path.join(webRoot, 'src', 'locales', 'en.json'), 'utf8'),
).language.switchTo;
const wordCodepoints = [...new Set([...toggleWord].map((char) => char.codePointAt(0)))].sort(
  (a, b) => a - b,
);
const word = {
  text: toggleWord,
  unicodeRange: unicodeRange(wordCodepoints),
  ...(await cut(400, toggleWord, 'noto-sans-myanmar-word-400.woff2')),
};

const range = unicodeRange(codepoints);
fs.writeFileSync(
  path.join(outDir, 'noto-sans-myanmar-shop.json'),
  `${JSON.stringify(
    {
      source: `@fontsource/noto-sans-myanmar ${fontsourceVersion} (myanmar subset)`,
      generatedBy: 'apps/web/scripts/subset-burmese-font.mjs',
      unicodeRange: range,
      codepoints: codepoints.map((c) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`),
      files,
      word,
    },
    null,
    2,
  )}\n`,
);

// The faces' unicode-range in fonts.css: exactly their characters.
const markers = [
  ['shop-subset-range', range],
  ['shop-word-range', word.unicodeRange],
];
let css = fs.readFileSync(fontsCss, 'utf8');
for (const [marker, value] of markers) {
  const marked = new RegExp(`(/\\* ${marker} \\*/)\\s*unicode-range:[^;]*;`, 'g');
  if (!marked.test(css)) throw new Error(`${fontsCss} has no "${marker}" marker`);
  css = css.replace(marked, `$1 unicode-range: ${value};`);
}
fs.writeFileSync(
  fontsCss,
  await prettier.format(css, { ...(await prettier.resolveConfig(fontsCss)), filepath: fontsCss }),
);
console.log(
  `${String(codepoints.length)} characters: ${range}; the toggle's word: ${word.unicodeRange}`,
);
