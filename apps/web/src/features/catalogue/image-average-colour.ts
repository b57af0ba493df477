import type { Rgb } from '../../components/layout/header-tint.ts';

const SAMPLE_SIZE = 16;
const cache = new Map<string, Rgb | null>();

/**
 * Average colour of a loaded image, read from a 16×16 canvas. Banner images are served by the shop
 * itself (same origin); a cross-origin image taints the canvas, getImageData throws and the
 * answer is null (the header keeps its default colour).
 */
export function averageImageColour(image: HTMLImageElement): Rgb | null {
  const key = image.currentSrc || image.src;
  const known = cache.get(key);
  if (known !== undefined) return known;
  let result: Rgb | null = null;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = SAMPLE_SIZE;
    canvas.height = SAMPLE_SIZE;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (context && image.naturalWidth > 0) {
      context.drawImage(image, 0, 0, SAMPLE_SIZE, SAMPLE_SIZE);
      const { data } = context.getImageData(0, 0, SAMPLE_SIZE, SAMPLE_SIZE);
      let r = 0;
      let g = 0;
      let b = 0;
      let weight = 0;
      for (let i = 0; i < data.length; i += 4) {
        const alpha = (data[i + 3] ?? 0) / 255;
        r += (data[i] ?? 0) * alpha;
        g += (data[i + 1] ?? 0) * alpha;
        b += (data[i + 2] ?? 0) * alpha;
        weight += alpha;
      }
      if (weight > 0) result = [r / weight, g / weight, b / weight];
    }
  } catch {
    result = null;
  }
  cache.set(key, result);
  return result;
}
