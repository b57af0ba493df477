import { checksum as emvcoChecksum, parse as parseEmvco } from 'promptparse';
import { describe, expect, it } from 'vitest';
import {
  buildMmqrPayload,
  crc16CcittFalse,
  MmqrParseError,
  parseMmqrPayload,
  shopMerchant,
} from './mmqr.ts';

/**
 * An independent EMVCo reader written from the specification (QRCPS-MPM §3, §4.7.2): objects are
 * ID (2 digits), length (2 digits, in characters), value; the CRC is the last object, computed
 * bit by bit here with a reflected-free CCITT loop over UTF-8. No code is shared with mmqr.ts.
 */
function readEmvInOrder(text: string): [string, string][] {
  // Code points are the EMV characters here (no emoji or combining-sequence semantics needed).
  const chars = Array.from(text);
  const out: [string, string][] = [];
  for (let i = 0; i < chars.length;) {
    const id = chars.slice(i, i + 2).join('');
    const len = parseInt(chars.slice(i + 2, i + 4).join(''), 10);
    out.push([id, chars.slice(i + 4, i + 4 + len).join('')]);
    i += 4 + len;
  }
  return out;
}
const readEmv = (text: string): Record<string, string> => Object.fromEntries(readEmvInOrder(text));

function referenceCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    for (let bit = 7; bit >= 0; bit--) {
      const top = ((crc >> 15) & 1) ^ ((byte >> bit) & 1);
      crc = (crc << 1) & 0xffff;
      if (top) crc ^= 0x1021;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const expiresAt = new Date('2030-01-01T03:05:00Z');
const payload = buildMmqrPayload(shopMerchant, {
  amountMmk: 2500,
  billNumber: 'MT-300101-ABCD2345',
  reference: 'P0123456789ABCDEFGHJ',
  expiresAt,
});

describe('MMQR payload', () => {
  it('computes CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16CcittFalse(new TextEncoder().encode('123456789')).toString(16)).toBe('29b1');
  });

  it('carries every tag DESIGN §6 asks for, read by an independent parser', () => {
    const top = readEmv(payload);
    expect(readEmvInOrder(payload).map(([id]) => id)).toEqual([
      '00',
      '01',
      '26',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '64',
      '80',
      '63',
    ]);
    expect(top['00']).toBe('01');
    expect(top['01']).toBe('12'); // dynamic
    expect(readEmv(top['26'] ?? '')).toEqual({ '00': 'com.mmqrpay.www', '01': 'MYANTOPUP0001' });
    expect(top['53']).toBe('104');
    expect(top['54']).toBe('2500');
    expect(top['58']).toBe('MM');
    expect(top['59']).toBe('MyanTopup');
    expect(readEmv(top['62'] ?? '')).toEqual({
      '01': 'MT-300101-ABCD2345',
      '05': 'P0123456789ABCDEFGHJ',
    });
    const language = readEmv(top['64'] ?? '');
    expect(language).toEqual({ '00': 'my', '01': 'မြန်မာ ငွေဖြည့်ဆိုင်', '02': 'ရန်ကုန်' });
    // Lengths count characters: the Burmese name is 20 code points but 60 UTF-8 bytes.
    expect((top['64'] ?? '').includes('0120မြန်မာ ငွေဖြည့်ဆိုင်')).toBe(true);
    expect(readEmv(top['80'] ?? '')['01']).toBe(String(expiresAt.getTime() / 1000));
    // The CRC covers everything before it including "6304", over the UTF-8 bytes.
    expect(top['63']).toBe(referenceCrc(payload.slice(0, -4)));
    expect(payload.slice(-8, -4)).toBe('6304');
  });

  it('is read by promptparse, an EMVCo QR parser from npm, every tag and the CRC', () => {
    // promptparse counts lengths in characters, as MMQR does, so it reads the Burmese tag 64. Its
    // CRC reads one byte per character (it was written for ASCII PromptPay codes), so the CRC over
    // the UTF-8 bytes is checked by giving it those bytes one per character (latin1).
    const qr = parseEmvco(payload, false, true);
    expect(qr).not.toBeNull();
    const utf8Bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
    expect(emvcoChecksum(utf8Bytes(payload.slice(0, -4)))).toBe(payload.slice(-4));
    const tag = (id: string, sub?: string) => qr?.getTagValue(id, sub);
    expect(tag('00')).toBe('01');
    expect(tag('01')).toBe('12');
    expect(tag('26', '00')).toBe('com.mmqrpay.www');
    expect(tag('26', '01')).toBe('MYANTOPUP0001');
    expect(tag('52')).toBe('4814');
    expect(tag('53')).toBe('104');
    expect(tag('54')).toBe('2500');
    expect(tag('58')).toBe('MM');
    expect(tag('59')).toBe('MyanTopup');
    expect(tag('62', '01')).toBe('MT-300101-ABCD2345');
    expect(tag('62', '05')).toBe('P0123456789ABCDEFGHJ');
    expect(tag('64', '00')).toBe('my');
    expect(tag('64', '01')).toBe('မြန်မာ ငွေဖြည့်ဆိုင်');
    expect(tag('64', '02')).toBe('ရန်ကုန်');
    expect(tag('80', '01')).toBe(String(expiresAt.getTime() / 1000));
    expect(tag('63')).toBe(payload.slice(-4));
    // An edited amount no longer matches its CRC.
    const edited = payload.replace('54042500', '54041500');
    expect(emvcoChecksum(utf8Bytes(edited.slice(0, -4)))).not.toBe(edited.slice(-4));
  });

  it('parses back what it built', () => {
    expect(parseMmqrPayload(payload)).toEqual({
      merchantAccountId: 'MYANTOPUP0001',
      merchantName: 'MyanTopup',
      merchantNameMy: 'မြန်မာ ငွေဖြည့်ဆိုင်',
      amountMmk: 2500,
      billNumber: 'MT-300101-ABCD2345',
      reference: 'P0123456789ABCDEFGHJ',
      expiresAt,
    });
  });

  it('refuses a payload whose CRC does not match (e.g. an edited amount)', () => {
    const edited = payload.replace('54042500', '54041500');
    expect(() => parseMmqrPayload(edited)).toThrow(MmqrParseError);
    expect(() => parseMmqrPayload(edited)).toThrow('CRC does not match');
    expect(() => parseMmqrPayload('not a qr')).toThrow(MmqrParseError);
  });

  it('refuses amounts that are not whole positive kyat when building', () => {
    const base = { billNumber: 'B', reference: 'R', expiresAt };
    expect(() => buildMmqrPayload(shopMerchant, { ...base, amountMmk: 0 })).toThrow();
    expect(() => buildMmqrPayload(shopMerchant, { ...base, amountMmk: 10.5 })).toThrow();
  });
});
