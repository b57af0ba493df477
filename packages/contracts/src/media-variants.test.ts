import { describe, expect, it } from 'vitest';
import { uploadCopy, uploadSrcSet, variantWidthsOf } from './media-variants.ts';

const upload = `/media/uploads/${'ab'.repeat(32)}.png`;

describe('responsive copies of uploads (ADR 0067)', () => {
  it('makes the preset widths up to the upload’s own, never wider', () => {
    expect(variantWidthsOf(4000)).toEqual([150, 300, 600, 1200]);
    expect(variantWidthsOf(1200)).toEqual([150, 300, 600, 1200]);
    expect(variantWidthsOf(1000)).toEqual([150, 300, 600, 1000]);
    expect(variantWidthsOf(600)).toEqual([150, 300, 600]);
    expect(variantWidthsOf(100)).toEqual([100]);
  });

  it('gives an upload a srcset of its copies, and any other image none', () => {
    expect(uploadSrcSet(upload)).toBe(
      `${upload}?w=150 150w, ${upload}?w=300 300w, ${upload}?w=600 600w, ${upload}?w=1200 1200w`,
    );
    expect(uploadCopy(upload, 150)).toBe(`${upload}?w=150`);
    for (const other of [
      '/media/banners/1-art.svg',
      'https://cdn.example/a.png',
      `${upload}?w=150`,
      `/media/uploads/${'ab'.repeat(32)}.svg`,
    ]) {
      expect(uploadSrcSet(other)).toBeUndefined();
      expect(uploadCopy(other, 300)).toBe(other);
    }
  });
});
