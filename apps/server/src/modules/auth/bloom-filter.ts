import { createHash } from 'node:crypto';

/**
 * A Bloom filter over strings, stored as one small binary file (ADR 0016):
 *
 *   bytes 0-3   "MTBF" (magic)     byte 4      format version (1)
 *   byte 5      k, hash count      bytes 6-9   m, bit count (uint32 BE)
 *   bytes 10-13 n, entries (uint32 BE)         bytes 14-   the m bits, LSB first
 *
 * Bit positions come from SHA-256 of the UTF-8 text by double hashing (Kirsch & Mitzenmacher):
 * g_i = (h1 + i·h2) mod m, h1 and h2 the first two 32-bit words of the digest. "Maybe present"
 * can be wrong with probability ≈ (1 − e^(−kn/m))^k; "absent" is always right.
 */
const MAGIC = 'MTBF';
const VERSION = 1;
const HEADER_BYTES = 14;

export interface BloomFilter {
  readonly bitCount: number;
  readonly hashCount: number;
  readonly entryCount: number;
  has(text: string): boolean;
  /** The file form described above. */
  toBuffer(): Buffer;
}

function positions(text: string, m: number, k: number): number[] {
  const digest = createHash('sha256').update(text, 'utf8').digest();
  const h1 = digest.readUInt32BE(0);
  // Forced odd so it is never 0 (which would put all k positions on one bit).
  const h2 = digest.readUInt32BE(4) | 1;
  const out: number[] = [];
  // h1 + i·h2 stays below 2^36 for k ≤ 16: exact in a double.
  for (let i = 0; i < k; i += 1) out.push((h1 + i * (h2 >>> 0)) % m);
  return out;
}

function filterOver(bits: Buffer, m: number, k: number, n: number): BloomFilter {
  return {
    bitCount: m,
    hashCount: k,
    entryCount: n,
    has(text) {
      return positions(text, m, k).every((p) => ((bits[p >>> 3] ?? 0) & (1 << (p & 7))) !== 0);
    },
    toBuffer() {
      const header = Buffer.alloc(HEADER_BYTES);
      header.write(MAGIC, 0, 'latin1');
      header.writeUInt8(VERSION, 4);
      header.writeUInt8(k, 5);
      header.writeUInt32BE(m, 6);
      header.writeUInt32BE(n, 10);
      return Buffer.concat([header, bits]);
    },
  };
}

/** The optimal size for n entries at false-positive rate p: m = −n·ln p / (ln 2)², k = m/n·ln 2. */
export function bloomSize(n: number, p: number): { bitCount: number; hashCount: number } {
  const bitCount = Math.ceil((-n * Math.log(p)) / Math.LN2 ** 2);
  return { bitCount, hashCount: Math.max(1, Math.round((bitCount / n) * Math.LN2)) };
}

export function buildBloomFilter(entries: Iterable<string>, n: number, p: number): BloomFilter {
  const { bitCount: m, hashCount: k } = bloomSize(n, p);
  const bits = Buffer.alloc(Math.ceil(m / 8));
  let count = 0;
  for (const entry of entries) {
    for (const pos of positions(entry, m, k))
      bits[pos >>> 3] = (bits[pos >>> 3] ?? 0) | (1 << (pos & 7));
    count += 1;
  }
  return filterOver(bits, m, k, count);
}

export function parseBloomFilter(file: Buffer): BloomFilter {
  if (file.length < HEADER_BYTES || file.toString('latin1', 0, 4) !== MAGIC)
    throw new Error('Not a Bloom filter file');
  if (file.readUInt8(4) !== VERSION) throw new Error('Unknown Bloom filter file version');
  const k = file.readUInt8(5);
  const m = file.readUInt32BE(6);
  const n = file.readUInt32BE(10);
  const bits = file.subarray(HEADER_BYTES);
  if (k < 1 || k > 16 || m < 1 || bits.length !== Math.ceil(m / 8))
    throw new Error('Damaged Bloom filter file');
  return filterOver(bits, m, k, n);
}

/** The false-positive rate the filter's figures predict. */
export const expectedFalsePositiveRate = (f: BloomFilter): number =>
  (1 - Math.exp((-f.hashCount * f.entryCount) / f.bitCount)) ** f.hashCount;
