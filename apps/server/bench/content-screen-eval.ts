// The local content screen of gift-share notes against its labelled set: per language the
// precision and recall of blocking, per category the recall, and the time per note.
//   npx tsx apps/server/bench/content-screen-eval.ts [--verbose]
import fs from 'node:fs';
import { screenCategories } from '@shop/contracts/sharing';
import { performance } from 'node:perf_hooks';
import {
  createLocalContentScreen,
  toUnicodeBurmese,
  type ScreenCategory,
  type ScreenResult,
} from '../src/modules/sharing/content-screen.ts';
import {
  burmese,
  burmeseHate,
  english,
  englishHate,
  messengerNames,
  spamPhrases,
} from '../src/modules/sharing/screen-words.ts';

type Lang = 'en' | 'my' | 'zawgyi';
interface Note {
  text: string;
  lang: Lang;
  label: 'ok' | ScreenCategory;
}

const setFile = new URL('../src/modules/sharing/screen-notes.labelled.json', import.meta.url);
const notes = JSON.parse(fs.readFileSync(setFile, 'utf8')) as Note[];
const verbose = process.argv.includes('--verbose');
const screen = createLocalContentScreen();

const results: ScreenResult[] = [];
for (const n of notes) results.push(await screen.screen(n.text));

const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)} %` : '–');
const pad = (s: string | number, w: number) => String(s).padEnd(w);
const padL = (s: string | number, w: number) => String(s).padStart(w);

function figures(filter: (n: Note) => boolean) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let count = 0;
  notes.forEach((n, i) => {
    if (!filter(n)) return;
    count++;
    const blocked = !results[i]?.ok;
    const bad = n.label !== 'ok';
    if (blocked && bad) tp++;
    else if (blocked) fp++;
    else if (bad) fn++;
  });
  return { count, bad: tp + fn, tp, fp, fn, precision: tp / (tp + fp), recall: tp / (tp + fn) };
}

const langs: (Lang | 'all')[] = ['en', 'my', 'zawgyi', 'all'];
const byLang = (l: Lang | 'all') => (n: Note) => l === 'all' || n.lang === l;

console.log(
  'Blocking (block = any refusal; a bad note is caught when blocked, whatever category)\n',
);
console.log(
  `${pad('lang', 8)}${padL('notes', 6)}${padL('bad', 5)}${padL('caught', 8)}${padL('false+', 8)}${padL('precision', 11)}${padL('recall', 9)}`,
);
for (const l of langs) {
  const f = figures(byLang(l));
  console.log(
    `${pad(l, 8)}${padL(f.count, 6)}${padL(f.bad, 5)}${padL(f.tp, 8)}${padL(f.fp, 8)}${padL(pct(f.precision), 11)}${padL(pct(f.recall), 9)}`,
  );
}

console.log('\nRecall per category (caught/bad; "same" = refused with the labelled category)\n');
console.log(`${pad('category', 26)}${langs.map((l) => padL(l, 10)).join('')}${padL('same', 8)}`);
for (const c of screenCategories) {
  let same = 0;
  let all = 0;
  const cells = langs.map((l) => {
    let caught = 0;
    let total = 0;
    notes.forEach((n, i) => {
      if (n.label !== c || !byLang(l)(n)) return;
      total++;
      const r = results[i];
      if (r && !r.ok) {
        caught++;
        if (l === 'all' && r.category === c) same++;
      }
    });
    if (l === 'all') all = total;
    return padL(total ? `${caught}/${total}` : '–', 10);
  });
  console.log(`${pad(c, 26)}${cells.join('')}${padL(all ? pct(same / all) : '–', 8)}`);
}

// How many bad notes contain an entry of the word lists literally (as written, Zawgyi converted):
// the others are caught by obfuscation handling and heuristics, or not at all.
const englishEntries = [
  ...Object.values(english).flatMap((l) => [...l.words, ...l.phrases]),
  ...englishHate.groups,
  ...englishHate.terms,
  ...spamPhrases.en,
  ...messengerNames,
].map((e) => e.replace(/\*$/, ''));
const burmeseEntries = [
  ...Object.values(burmese).flat(),
  ...burmeseHate.groups,
  ...burmeseHate.terms,
  ...spamPhrases.my,
];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const englishRes = englishEntries.map((e) => new RegExp(`(?<![a-z])${escape(e)}`));
function literal(text: string): boolean {
  const t = toUnicodeBurmese(text).toLowerCase();
  const my = t.replace(/\s+/g, '');
  return englishRes.some((r) => r.test(t)) || burmeseEntries.some((e) => my.includes(e));
}
const bad = notes.filter((n) => n.label !== 'ok');
const notLiteral = bad.filter((n) => !literal(n.text)).length;
console.log(
  `\nBad notes with no word-list entry in them literally: ${notLiteral}/${bad.length} (${pct(notLiteral / bad.length)})`,
);

// Time: 5 runs over the whole set, the median run divided by the notes.
const runs: number[] = [];
for (let r = 0; r < 5; r++) {
  const start = performance.now();
  for (const n of notes) await screen.screen(n.text);
  runs.push((performance.now() - start) / notes.length);
}
runs.sort((a, b) => a - b);
console.log(
  `Time per note: ${((runs[2] ?? 0) * 1000).toFixed(1)} µs (median of 5 runs over ${notes.length} notes)`,
);

if (verbose) {
  console.log('\nWrong answers:');
  notes.forEach((n, i) => {
    const r = results[i];
    if (!r) return;
    const got = r.ok ? 'ok' : r.category;
    if ((n.label === 'ok') !== r.ok)
      console.log(`  ${n.lang}\t${n.label} → ${got}\t${JSON.stringify(n.text)}`);
  });
}
