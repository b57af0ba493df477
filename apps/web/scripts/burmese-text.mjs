/**
 * The Burmese text the shop shows, for its Noto Sans Myanmar subset (scripts/subset-burmese-font.mjs)
 * and for the check that the subset covers it (src/styles/burmese-font.test.ts): the web app's
 * Burmese strings (locale files `my.json`, lazily loaded `*.my.json` messages, the English pages'
 * မြန်မာ, Burmese written in its code), the shared contracts' messages, and the demo catalogue's
 * names and descriptions.
 * Tests and the server's own texts (e-mails, PDFs, Zawgyi detection) are not shown in the web font.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The Myanmar blocks (Myanmar, Extended-A, Extended-B). */
const isMyanmar = (c) =>
  (c >= 0x1000 && c <= 0x109f) || (c >= 0xa9e0 && c <= 0xa9ff) || (c >= 0xaa60 && c <= 0xaa7f);

const filesUnder = (root) =>
  fs
    .readdirSync(root, { recursive: true })
    .map((file) => path.join(root, String(file)))
    .filter((file) => fs.statSync(file).isFile());

/** The files of the repository (paths relative to repoRoot) whose Burmese the shop shows. */
export function burmeseTextSources(repoRoot) {
  const code = (file) => /\.tsx?$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file);
  const under = (dir, keep) =>
    filesUnder(path.join(repoRoot, dir))
      .map((file) => path.relative(repoRoot, file))
      .filter(keep);
  return [
    ...under('apps/web/src', (file) => file.endsWith('.json') || code(file)),
    ...under('packages/contracts/src', code),
    'apps/server/src/db/demo-data.ts',
  ]
    .filter((file) => !file.split(path.sep).includes('test'))
    .sort();
}

/** The Myanmar codepoints in those files, ascending. */
export function burmeseCodepoints(repoRoot, sources = burmeseTextSources(repoRoot)) {
  const found = new Set();
  for (const file of sources)
    for (const char of fs.readFileSync(path.join(repoRoot, file), 'utf8')) {
      const c = char.codePointAt(0) ?? 0;
      if (isMyanmar(c)) found.add(c);
    }
  return [...found].sort((a, b) => a - b);
}

/** A CSS unicode-range for ascending codepoints, runs joined: "U+1000-1019, U+101B, …". */
export function unicodeRange(codepoints) {
  const hex = (c) => c.toString(16).toUpperCase();
  const parts = [];
  for (let i = 0; i < codepoints.length; i += 1) {
    const start = codepoints[i];
    while (i + 1 < codepoints.length && codepoints[i + 1] === codepoints[i] + 1) i += 1;
    parts.push(
      start === codepoints[i] ? `U+${hex(start)}` : `U+${hex(start)}-${hex(codepoints[i])}`,
    );
  }
  return parts.join(', ');
}
