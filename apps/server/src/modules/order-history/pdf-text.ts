import fs from 'node:fs';
import path from 'node:path';
import * as hb from 'harfbuzzjs';
import PDFDocument from 'pdfkit';
import { assetsFolder } from '../../platform/paths.ts';

/**
 * Text in the order PDFs (ADR 0019). pdfkit lays text out with fontkit, which has no shaper for
 * Myanmar: the vowel sign E (ေ) and the medial ra (ြ) were drawn after their consonant instead of
 * before it. The Burmese fonts are therefore shaped by HarfBuzz (harfbuzzjs, the same engine
 * Chromium and Firefox use), and pdfkit only places the glyphs HarfBuzz chose, where it put them.
 * Latin text keeps fontkit's layout, so English documents are drawn exactly as before.
 */

export const pdfFonts = {
  latin: path.join(assetsFolder, 'fonts', 'NotoSans-Regular.ttf'),
  'latin-bold': path.join(assetsFolder, 'fonts', 'NotoSans-Bold.ttf'),
  myanmar: path.join(assetsFolder, 'fonts', 'NotoSansMyanmar-Regular.ttf'),
  'myanmar-bold': path.join(assetsFolder, 'fonts', 'NotoSansMyanmar-Bold.ttf'),
} as const;

type FontName = keyof typeof pdfFonts;

const MYANMAR = /[\u1000-\u109F\uA9E0-\uA9FF\uAA60-\uAA7F]/;

/**
 * Splits text into runs by script so each run gets a font that has its glyphs: Noto Sans Myanmar
 * has no Latin letters, digits or ASCII punctuation, Noto Sans no Burmese. Spaces stay with the
 * run before them.
 */
export function scriptRuns(text: string): { myanmar: boolean; text: string }[] {
  const runs: { myanmar: boolean; text: string }[] = [];
  for (const ch of text) {
    const last = runs.at(-1);
    const myanmar = MYANMAR.test(ch) || (ch === ' ' && last?.myanmar === true);
    if (last?.myanmar === myanmar) last.text += ch;
    else runs.push({ myanmar, text: ch });
  }
  return runs;
}

export type Doc = InstanceType<typeof PDFDocument>;

/** The parts of pdfkit's EmbeddedFont (and its fontkit font) that shaping replaces or reads. */
interface FontkitGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}
interface GlyphPlacement {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
interface Run {
  glyphs: FontkitGlyph[];
  positions: GlyphPlacement[];
  advanceWidth: number;
}
interface EmbeddedFont {
  font: { getGlyph(id: number, codePoints?: number[]): FontkitGlyph };
  scale: number;
  layoutRun(text: string, features?: unknown): Run;
  shapedByHarfBuzz?: boolean;
}

/** One HarfBuzz font per font file, made on first use and kept for the life of the process. */
const harfBuzzFonts = new Map<string, hb.Font>();
function harfBuzzFont(file: string): hb.Font {
  let font = harfBuzzFonts.get(file);
  if (!font) {
    font = new hb.Font(new hb.Face(new hb.Blob(fs.readFileSync(file))));
    harfBuzzFonts.set(file, font);
  }
  return font;
}

/** The Unicode code points of `text` (a PDF's ToUnicode map wants code points, not graphemes). */
function codePointsOf(text: string): number[] {
  const codePoints: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const codePoint = text.codePointAt(i) ?? 0;
    codePoints.push(codePoint);
    if (codePoint > 0xffff) i++;
  }
  return codePoints;
}

/**
 * One HarfBuzz buffer, reset for every word: shaping is synchronous, so no two words share it at
 * once, and its WebAssembly memory is reused instead of waiting for garbage collection to free a
 * buffer per word.
 */
let shapingBuffer: hb.Buffer | undefined;

/**
 * Shapes `text` (one word: pdfkit cuts text at spaces before laying it out) with HarfBuzz and
 * returns it the way pdfkit's layout does: fontkit glyphs (pdfkit subsets and embeds those by id)
 * and positions in thousandths of the font size. Each glyph carries the characters of its cluster
 * as its Unicode mapping, so copying text out of the PDF gives the characters back.
 */
function shapeRun(embedded: EmbeddedFont, file: string, text: string): Run {
  const buffer = (shapingBuffer ??= new hb.Buffer());
  buffer.reset();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(harfBuzzFont(file), buffer);
  const infos = buffer.getGlyphInfos();
  const placements = buffer.getGlyphPositions();
  const clusterStarts = [...new Set(infos.map((info) => info.cluster))].sort((a, b) => a - b);
  const seen = new Set<number>();
  const glyphs: FontkitGlyph[] = [];
  const positions: GlyphPlacement[] = [];
  let advanceWidth = 0;
  infos.forEach((info, i) => {
    const next = clusterStarts.find((start) => start > info.cluster) ?? text.length;
    const codePoints = seen.has(info.cluster) ? [] : codePointsOf(text.slice(info.cluster, next));
    seen.add(info.cluster);
    const glyph = embedded.font.getGlyph(info.codepoint, codePoints);
    const p = placements[i] ?? { xAdvance: 0, yAdvance: 0, xOffset: 0, yOffset: 0 };
    const s = embedded.scale;
    glyphs.push(glyph);
    positions.push({
      xAdvance: p.xAdvance * s,
      yAdvance: p.yAdvance * s,
      xOffset: p.xOffset * s,
      yOffset: p.yOffset * s,
      advanceWidth: glyph.advanceWidth * s,
    });
    advanceWidth += p.xAdvance * s;
  });
  return { glyphs, positions, advanceWidth };
}

/** Selects a registered font; the Burmese ones are shaped by HarfBuzz from their first use on. */
export function useFont(doc: Doc, name: FontName): void {
  doc.font(name);
  if (!name.startsWith('myanmar')) return;
  const embedded = (doc as unknown as { _font: EmbeddedFont })._font;
  if (embedded.shapedByHarfBuzz) return;
  embedded.layoutRun = (text: string) => shapeRun(embedded, pdfFonts[name], text);
  embedded.shapedByHarfBuzz = true;
}

export function newDocument(info: {
  title: string;
  author: string;
  /** Page size in points; A4 unless given. */
  size?: [number, number];
}): Doc {
  const doc = new PDFDocument({
    size: info.size ?? 'A4',
    margin: 48,
    info: { Title: info.title, Author: info.author, Creator: info.author },
    compress: true,
  });
  for (const [name, file] of Object.entries(pdfFonts)) doc.registerFont(name, file);
  return doc;
}

/** Noto Sans's ascender (1069/1000 em): the baseline every run of a line shares. */
const LATIN_ASCENDER = 1.069;

type Runs = ReturnType<typeof scriptRuns>;

const fontOf = (run: Runs[number], bold: boolean | undefined): FontName =>
  `${run.myanmar ? 'myanmar' : 'latin'}${bold ? '-bold' : ''}`;

/** The width of the runs drawn side by side, each in its own font, at the current font size. */
function widthOfRuns(doc: Doc, runs: Runs, bold: boolean | undefined): number {
  return runs.reduce((width, run) => {
    useFont(doc, fontOf(run, bold));
    return width + doc.widthOfString(run.text);
  }, 0);
}

/**
 * pdfkit right-aligns each `continued` run on its own, every one against the box's right edge, so
 * a right-aligned string of several runs ("၄၅,၀၀၀ ကျပ်": Burmese digits, a Latin comma, Burmese)
 * was drawn piled up at the edge. Such a string, when it fits on one line, is written left-aligned
 * from where its right-aligned self would start (a point of slack so rounding cannot wrap it).
 */
function rightAlignedRuns(
  doc: Doc,
  runs: Runs,
  x: number,
  options: { width?: number; bold?: boolean; align?: 'left' | 'right' },
): { x: number; width?: number; align?: 'left' | 'right' } {
  if (options.align !== 'right' || options.width === undefined || runs.length < 2)
    return { x, width: options.width, align: options.align };
  const textWidth = widthOfRuns(doc, runs, options.bold);
  if (textWidth > options.width) return { x, width: options.width, align: 'left' };
  return { x: x + options.width - textWidth, width: textWidth + 1, align: 'left' };
}

/**
 * Writes mixed Burmese/Latin text at (x, y), in a box `width` wide. Every run sits on the Latin
 * font's baseline (pdfkit would put each font's own ascender below y, and Noto Sans Myanmar's is
 * taller, so Burmese words sank below the Latin ones beside them), as a browser lines them up.
 */
export function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  options: { width?: number; size?: number; bold?: boolean; align?: 'left' | 'right' } = {},
): void {
  const runs = scriptRuns(text);
  const size = options.size ?? 10;
  doc.fontSize(size);
  const box = rightAlignedRuns(doc, runs, x, options);
  runs.forEach((run, i) => {
    useFont(doc, fontOf(run, options.bold));
    const last = i === runs.length - 1;
    const common = {
      width: box.width,
      align: box.align,
      continued: !last,
      lineBreak: box.width !== undefined,
      baseline: -LATIN_ASCENDER * size,
    };
    if (i === 0) doc.text(run.text, box.x, y, common);
    else doc.text(run.text, common);
  });
}

export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
    doc.end();
  });
}
