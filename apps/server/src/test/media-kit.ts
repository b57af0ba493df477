import zlib from 'node:zlib';

/*
 * Small images made in the tests rather than committed binaries: a PNG of one colour of any size,
 * a 1×1 JPEG and the classic 1×1 lossless WebP. All three decode (the uploads are re-encoded:
 * Modernizr's 1×1 JPEG, used before, is a progressive file libjpeg refuses).
 */

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A valid PNG (8-bit RGB, no interlace) of one colour; `text` adds tEXt chunks (keyword → text,
 * PNG specification §11.3.4.3) before the pixels, the kind of metadata an upload must lose.
 */
export function solidPng(
  width: number,
  height: number,
  rgb: [number, number, number],
  text: Record<string, string> = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...Object.entries(text).map(([keyword, value]) =>
      chunk('tEXt', Buffer.from(`${keyword}\0${value}`, 'latin1')),
    ),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 red baseline JPEG (made by sharp: `sharp({ create }).jpeg({ quality: 90 })`). */
export const tinyJpeg = () =>
  Buffer.from(
    '/9j/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABwn/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCdAAYqm//Z',
    'base64',
  );

/** The classic 1×1 lossless WebP (Modernizr's feature-test image). */
export const tinyWebp = () =>
  Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
