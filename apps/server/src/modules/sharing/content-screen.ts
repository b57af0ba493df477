import { createRequire } from 'node:module';
import type { ScreenCategoryName } from '@shop/contracts/sharing';
import {
  burmese,
  burmeseHate,
  burmeseInnocent,
  english,
  englishHate,
  englishThreatPatterns,
  messengerNames,
  spamPhrases,
  wordCategoryOrder,
  type WordCategory,
} from './screen-words.ts';

/**
 * The content screen of gift-share notes: a buyer's note (English or Burmese, Unicode or Zawgyi)
 * is checked before the share link is made. A refused note gets the message 'Your message contains
 * inappropriate content. Please revise it.'; the category is for the logs and the figures, not for
 * the buyer. The local screen is word lists (screen-words.ts) and a few heuristics; its measured
 * precision and recall are in apps/server/bench/content-screen-eval.ts.
 */
export type ScreenCategory = ScreenCategoryName;
export type ScreenResult = { ok: true; text: string } | { ok: false; category: ScreenCategory };
/** A moderation service behind this interface can replace the local one by configuration. */
export interface ContentScreen {
  screen(note: string): Promise<ScreenResult>;
}

// ---- Zawgyi → Unicode (myanmar-tools detects, rabbit-node converts; both CommonJS, no types)

interface ZawgyiDetector {
  /** 0…1; -Infinity when the text has no Myanmar character. */
  getZawgyiProbability(text: string): number;
}
interface MyanmarTools {
  ZawgyiDetector: new () => ZawgyiDetector;
}
interface Rabbit {
  zg2uni(text: string): string;
}
// Not bundled: both are dependencies of the server, so build.mjs leaves them external and this
// resolves them from node_modules at run time, from the source file or from dist/main.js alike.
const requireCommonJs = createRequire(import.meta.url);
const myanmarTools = requireCommonJs('myanmar-tools') as MyanmarTools;
const rabbit = requireCommonJs('rabbit-node') as Rabbit;

/** Above this Zawgyi probability a note is converted (and stored) as Unicode. */
const ZAWGYI_THRESHOLD = 0.95;
/** Above this one it is also screened as if it were Zawgyi (short notes are hard to call). */
const ZAWGYI_MAYBE = 0.5;
const MYANMAR = /[\u1000-\u109f\ua9e0-\ua9ff\uaa60-\uaa7f]/;

let detector: ZawgyiDetector | undefined;
/** The detector's model (26 KB, in its JavaScript) is parsed on the first Burmese note. */
function zawgyiProbability(text: string): number {
  if (!MYANMAR.test(text)) return Number.NEGATIVE_INFINITY;
  detector ??= new myanmarTools.ZawgyiDetector();
  return detector.getZawgyiProbability(text);
}

/** Zawgyi → Unicode when detected (probability > 0.95), else unchanged; NFC either way. */
export function toUnicodeBurmese(text: string): string {
  const nfc = text.normalize('NFC');
  return zawgyiProbability(nfc) > ZAWGYI_THRESHOLD ? rabbit.zg2uni(nfc).normalize('NFC') : nfc;
}

// ---- Characters

const isBidiControl = (c: number) => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
/** C0 and C1 controls and DEL, except tab and line feed. */
const isControl = (c: number) => (c < 0x20 && c !== 0x09 && c !== 0x0a) || (c >= 0x7f && c <= 0x9f);
const isZeroWidth = (c: number) => (c >= 0x200b && c <= 0x200d) || c === 0x2060 || c === 0xfeff;

/**
 * Bidi overrides and isolates, control characters, and runs of two or more zero-width characters:
 * they hide or reorder text. A single zero-width space or (non-)joiner is ordinary in Burmese and
 * in emoji sequences, so it passes.
 */
function hasInappropriateCharacters(text: string): boolean {
  let zeroWidthRun = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isBidiControl(c) || isControl(c)) return true;
    zeroWidthRun = isZeroWidth(c) ? zeroWidthRun + 1 : 0;
    if (zeroWidthRun >= 2) return true;
  }
  return false;
}

// ---- English forms of a note: lower case, leetspeak undone, stretched and spaced letters joined

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
};
const SLANG: Readonly<Record<string, string>> = {
  u: 'you',
  ya: 'you',
  ur: 'your',
  r: 'are',
  im: 'i am',
  youre: 'you are',
  gonna: 'going to',
  wanna: 'want to',
  dont: 'do not',
  cant: 'can not',
};
/** Longest run of single letters ("f u c k") whose sub-runs are looked up as words. */
const MAX_SPACED_WORD = 20;

interface EnglishForms {
  /** Candidate words: each token as written, de-leeted, with stretched letters shortened. */
  words: Set<string>;
  /** Tokens with "*" standing for letters ("f*ck", "a**hole"). */
  starred: string[];
  /** The note's words joined by single spaces, in a few spellings, each padded with spaces. */
  lines: string[];
  /** The words of the first line, sentence by sentence. */
  sentences: string[][];
}

function expandContractions(lower: string): string {
  return lower
    .replace(/[\u2018\u2019`\u00b4]/g, "'")
    .replace(/&/g, ' and ')
    .replace(/\bwon't\b/g, 'will not')
    .replace(/\bcan't\b/g, 'can not')
    .replace(/n't\b/g, ' not')
    .replace(/'re\b/g, ' are')
    .replace(/'ll\b/g, ' will')
    .replace(/'m\b/g, ' am')
    .replace(/'ve\b/g, ' have')
    .replace(/'d\b/g, ' would')
    .replace(/'s\b/g, '');
}

function cleanToken(raw: string): string {
  let t = raw.replace(/^['!|]+|['!|]+$/g, '');
  if (t.startsWith('*')) t = t.replace(/^\*+|\*+$/g, ''); // *hugs*
  return t;
}

function deLeet(token: string, one: 'i' | 'l'): string {
  if (!/[a-z]/.test(token)) return token; // numbers stay numbers
  let out = '';
  for (const ch of token) out += ch === '1' ? one : (LEET[ch] ?? ch);
  return out;
}

const shortenRuns = (word: string, to: 1 | 2) =>
  word.replace(/([a-z])\1{2,}/g, to === 1 ? '$1' : '$1$1');

const SENTENCE_END = /[.!?;\n\u104a\u104b]+(?:\s|$)/;

function tokenize(text: string): string[] {
  return (text.match(/[a-z0-9@$!*|']+/g) ?? []).map(cleanToken).filter((t) => /[a-z0-9]/.test(t));
}

function englishForms(text: string): EnglishForms {
  const expanded = expandContractions(text.toLowerCase());
  const raw = tokenize(expanded);
  const words = new Set<string>();
  const starred: string[] = [];
  const tokens: string[] = [];
  for (const t of raw) {
    if (t.includes('*')) {
      starred.push(deLeet(t, 'i'));
      tokens.push(t);
      continue;
    }
    const plain = deLeet(t, 'i');
    tokens.push(plain);
    for (const w of t.includes('1') ? [plain, deLeet(t, 'l')] : [plain]) {
      words.add(w);
      words.add(shortenRuns(w, 2));
      words.add(shortenRuns(w, 1));
    }
  }
  // Spaced letters ("s t u p i d", "f.u.c.k"): every sub-run of 3+ single letters is a word.
  const joined: string[] = [];
  for (let i = 0; i < tokens.length;) {
    let j = i;
    while (j < tokens.length && tokens[j]?.length === 1) j++;
    if (j - i >= 3) {
      const letters = tokens.slice(i, j);
      for (let a = 0; a < letters.length; a++) {
        for (let b = a + 3; b <= Math.min(letters.length, a + MAX_SPACED_WORD); b++) {
          words.add(letters.slice(a, b).join(''));
        }
      }
      joined.push(letters.join(''));
      i = j;
    } else {
      joined.push(...tokens.slice(i, Math.max(j, i + 1)));
      i = Math.max(j, i + 1);
    }
  }
  const slang = (list: string[]) => list.map((t) => SLANG[t] ?? t).join(' ');
  const first = slang(tokens);
  const lines = [first, shortenRuns(first, 1), slang(joined)].map((l) => ` ${l} `);
  const sentences = expanded
    .split(SENTENCE_END)
    .map((s) => slang(tokenize(s).map((t) => deLeet(t, 'i'))).split(' '));
  return { words, starred, lines: [...new Set(lines)], sentences };
}

// ---- Compiled lists

interface CompiledEnglish {
  exact: Set<string>;
  stems: string[];
  phrases: string[];
}
const compileEnglish = (words: readonly string[], phrases: readonly string[]): CompiledEnglish => ({
  exact: new Set(words.filter((w) => !w.endsWith('*'))),
  stems: words.filter((w) => w.endsWith('*')).map((w) => w.slice(0, -1)),
  phrases: phrases.map((p) => ` ${p} `),
});
const englishLists = new Map<WordCategory, CompiledEnglish>(
  wordCategoryOrder.map((c) => [c, compileEnglish(english[c].words, english[c].phrases)]),
);
const hateGroups = englishHate.groups.map((g) => g.split(' '));
const hateTerms = englishHate.terms.map((t) => ` ${t} `);
const spamEnglish = spamPhrases.en.map((p) => ` ${p} `);

/** "f*ck" against "fuck", "a**hole" against the stem "asshole": each "*" is one letter. */
function starMatches(token: string, entry: string, stem: boolean): boolean {
  if (stem ? token.length < entry.length : token.length !== entry.length) return false;
  for (let i = 0; i < entry.length; i++) {
    if (token[i] !== '*' && token[i] !== entry[i]) return false;
  }
  return true;
}

function matchesEnglish(forms: EnglishForms, list: CompiledEnglish): boolean {
  for (const w of forms.words) {
    if (list.exact.has(w)) return true;
    for (const stem of list.stems) if (w.startsWith(stem)) return true;
  }
  for (const t of forms.starred) {
    for (const e of list.exact) if (starMatches(t, e, false)) return true;
    for (const s of list.stems) if (starMatches(t, s, true)) return true;
  }
  return list.phrases.some((p) => forms.lines.some((l) => l.includes(p)));
}

/** A group named within a few words of a dehumanising or exclusion term, in one sentence. */
function englishHateSpeech(forms: EnglishForms): boolean {
  for (const tokens of forms.sentences) {
    for (let i = 0; i < tokens.length; i++) {
      for (const g of hateGroups) {
        if (g.every((part, k) => tokens[i + k] === part)) {
          const from = Math.max(0, i - englishHate.window);
          const window = ` ${tokens.slice(from, i + g.length + englishHate.window).join(' ')} `;
          if (hateTerms.some((t) => window.includes(t))) return true;
        }
      }
    }
  }
  return false;
}

function englishCategory(forms: EnglishForms): WordCategory | undefined {
  for (const category of wordCategoryOrder) {
    if (
      category === 'threatening' &&
      englishThreatPatterns.some((p) => forms.lines.some((l) => p.test(l)))
    ) {
      return category;
    }
    if (category === 'hate_speech' && englishHateSpeech(forms)) return category;
    const list = englishLists.get(category);
    if (list && matchesEnglish(forms, list)) return category;
  }
  return undefined;
}

// ---- Burmese: substrings of the note's Myanmar letters, ending on a syllable boundary

/** Vowel signs, medials, asat, virama, tone marks: they belong to the syllable before them. */
const isMyanmarMark = (c: number) =>
  (c >= 0x102b && c <= 0x103e) ||
  (c >= 0x1056 && c <= 0x1059) ||
  (c >= 0x105e && c <= 0x1060) ||
  (c >= 0x1062 && c <= 0x1064) ||
  (c >= 0x1067 && c <= 0x106d) ||
  (c >= 0x1071 && c <= 0x1074) ||
  (c >= 0x1082 && c <= 0x108d) ||
  c === 0x108f ||
  (c >= 0x109a && c <= 0x109d);
const ASAT = 0x103a;
const VIRAMA = 0x1039;
const DOT_BELOW = 0x1037;

function endsOnSyllableBoundary(s: string, end: number): boolean {
  if (end >= s.length) return true;
  const next = s.charCodeAt(end);
  if (isMyanmarMark(next)) return false;
  // A consonant with asat or virama after it is the final of the syllable before it ("သတ်").
  const after = s.charCodeAt(end + 1);
  const after2 = s.charCodeAt(end + 2);
  return !(after === ASAT || after === VIRAMA || (after === DOT_BELOW && after2 === ASAT));
}

function containsBurmese(s: string, entry: string): boolean {
  for (let i = s.indexOf(entry); i !== -1; i = s.indexOf(entry, i + 1)) {
    if (s.charCodeAt(i - 1) !== VIRAMA && endsOnSyllableBoundary(s, i + entry.length)) return true;
  }
  return false;
}

/** The Myanmar letters of the note, spaces, digits, punctuation and innocent words taken out. */
function burmeseForm(text: string): string {
  let s = text.replace(/[^\u1000-\u103f\u104c-\u109f]+/g, '');
  for (const w of burmeseInnocent) s = s.split(w).join('|');
  return s;
}

function burmeseCategory(s: string): WordCategory | undefined {
  if (s.replace(/\|/g, '') === '') return undefined;
  for (const category of wordCategoryOrder) {
    if (
      category === 'hate_speech' &&
      burmeseHate.groups.some((g) => s.includes(g)) &&
      burmeseHate.terms.some((t) => s.includes(t))
    ) {
      return category;
    }
    if (burmese[category].some((e) => containsBurmese(s, e))) return category;
  }
  return undefined;
}

// ---- Spam: links, phone numbers, handles, advertising words, shouting, repeated words

const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|xyz|top|site|online|shop|store|club|live|link|click|io|me|co|cc|ly|gl|gg|tk|ml|ga|cf|ru|cn|mm|vip|app|pro|win|bet|asia|tv)(?![a-z0-9-])|\b[a-z0-9-]+ dot (?:com|net|org|me|io|xyz|top|info)\b/;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/g;
/** Myanmar mobile numbers (09…, +959…) and other international ones. */
const PHONE = /(?:\+?\b95[\s-]*|\b0[\s-]*)9(?:[\s-]*\d){6,9}\b|\+\d(?:[\s-]*\d){7,13}\b/;
const HANDLE = /(?:^|[\s(])@[a-z0-9_.]{3,}/;
const PERCENT_OFF = /\d\s*%\s*off\b/;
const SPAM_POINTS = 2;

const toLatinDigits = (text: string) =>
  text.replace(/[\u1040-\u1049]/g, (d) => String(d.charCodeAt(0) - 0x1040));

function spamPoints(text: string, forms: EnglishForms, my: string): number {
  const lower = toLatinDigits(text.toLowerCase());
  const withoutEmail = lower.replace(EMAIL, ' ');
  let points = 0;
  if (LINK.test(withoutEmail)) points += 2;
  if (PHONE.test(lower)) points += 1.5;
  if (withoutEmail !== lower) points += 1;
  if (HANDLE.test(withoutEmail)) points += 1;
  if (PERCENT_OFF.test(lower)) points += 1;
  if (messengerNames.some((m) => lower.includes(m))) points += 1;
  for (const p of spamEnglish) if (forms.lines.some((l) => l.includes(p))) points += 1;
  for (const p of spamPhrases.my) if (containsBurmese(my, p)) points += 1;
  if ((text.match(/!/g)?.length ?? 0) >= 6) points += 0.5;
  // Shouting: three or more words in capitals, at least 12 capital letters.
  for (const run of text.match(/\b[A-Z]{2,}(?:[\s,.!?]+[A-Z]+\b){2,}/g) ?? []) {
    if ((run.match(/[A-Z]/g)?.length ?? 0) >= 12) {
      points += 0.5;
      break;
    }
  }
  // The same word again and again: five times in a row is advertising, four nearly so.
  const words = lower.split(/[\s,.!?;:]+/).filter((w) => w.length > 1);
  let longest = 1;
  for (let i = 1, run = 1; i < words.length; i++) {
    run = words[i] === words[i - 1] ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  if (longest >= 5) points += 2;
  else if (longest === 4) points += 1;
  return points;
}

// ---- Content quality: repeated characters, keyboard mash, punctuation or emoji only

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const KEYBOARD_RUNS = KEYBOARD_ROWS.flatMap((row) => {
  const runs: string[] = [];
  for (const r of [row, Array.from(row).reverse().join('')]) {
    for (let i = 0; i + 5 <= r.length; i++) runs.push(r.slice(i, i + 5));
  }
  return runs;
});

function isMash(word: string): boolean {
  if (word.length >= 5 && !/[aeiouy]/.test(word)) return true;
  return KEYBOARD_RUNS.some((r) => word.includes(r));
}

function lowQuality(text: string): boolean {
  const compact = text.replace(/\s+/g, '');
  const graphemes = Array.from(segmenter.segment(compact), (s) => s.segment);
  const codePoints = Array.from(compact);
  // Only punctuation, symbols or emoji, and long or repetitive.
  if (!/[\p{L}\p{N}]/u.test(compact)) {
    const distinct = new Set(graphemes).size;
    if (graphemes.length > 20 || (graphemes.length > 8 && distinct / graphemes.length <= 0.3)) {
      return true;
    }
  }
  // Mostly the same few characters ("aaaaaaaa", "hahahaha", "ကကကကကက").
  if (codePoints.length >= 12 && new Set(codePoints).size / codePoints.length < 0.25) return true;
  let longestRun = 1;
  for (let i = 1, run = 1; i < graphemes.length; i++) {
    run = graphemes[i] === graphemes[i - 1] ? run + 1 : 1;
    longestRun = Math.max(longestRun, run);
  }
  if (longestRun >= 8 && longestRun * 2 > graphemes.length) return true;
  // Keyboard mash ("asdfghjkl", "jksdhfg"): most of the Latin words.
  const latin = text.toLowerCase().match(/[a-z]{2,}/g) ?? [];
  const mash = latin.filter(isMash);
  if (mash.length >= 2 && mash.length * 2 >= latin.length) return true;
  return mash.some((w) => w.length >= 10 && w.length * 2 >= compact.length);
}

// ---- The screen

/**
 * The readings of a note to look for words in: as stored (Unicode), and, when the detector is
 * unsure (short notes), also as if it were Zawgyi. A note converted from Zawgyi is not looked at
 * as written: Zawgyi read as Unicode is other letters.
 */
function readings(written: string, stored: string): string[] {
  const p = zawgyiProbability(written);
  if (p <= ZAWGYI_MAYBE || p > ZAWGYI_THRESHOLD) return [stored];
  const converted = rabbit.zg2uni(written).normalize('NFC').trim();
  return converted === stored ? [stored] : [stored, converted];
}

/**
 * The note as it is stored and judged: line ends unified, NFC, Zawgyi turned into Unicode,
 * trimmed — or refused for control and format characters, whichever screen judges it next.
 */
export function prepareNote(note: string): ScreenResult {
  const written = note.replace(/\r\n?/g, '\n').normalize('NFC');
  if (hasInappropriateCharacters(written))
    return { ok: false, category: 'inappropriate_characters' };
  return { ok: true, text: toUnicodeBurmese(written).trim() };
}

function screenNote(note: string): ScreenResult {
  const prepared = prepareNote(note);
  if (!prepared.ok) return prepared;
  const { text } = prepared;
  const written = note.replace(/\r\n?/g, '\n').normalize('NFC');
  if (text === '') return { ok: true, text: '' };
  if (lowQuality(text)) return { ok: false, category: 'content_quality' };
  const forms = englishForms(text);
  const my = burmeseForm(text);
  if (spamPoints(text, forms, my) >= SPAM_POINTS) return { ok: false, category: 'spam' };
  for (const reading of readings(written, text)) {
    const seen = reading === text ? forms : englishForms(reading);
    const category =
      englishCategory(seen) ?? burmeseCategory(reading === text ? my : burmeseForm(reading));
    if (category) return { ok: false, category };
  }
  return { ok: true, text };
}

/**
 * The local screen: word lists and heuristics, no network, microseconds per note. English and
 * Burmese categories are each looked up in the order of `wordCategoryOrder` (English first).
 */
export function createLocalContentScreen(): ContentScreen {
  return {
    screen: (note) => Promise.resolve(screenNote(note)),
  };
}
