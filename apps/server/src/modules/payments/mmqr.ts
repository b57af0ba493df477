import { MMK_NUMERIC_CURRENCY, MMQR_GUID } from '@shop/contracts/payments';

/**
 * Dynamic EMVCo merchant-presented QR payloads as MMQR uses them (DESIGN §6.2; EMVCo QRCPS-MPM
 * v1.1): ID-length-value objects, the length two decimal digits counting characters, a CRC-16/
 * CCITT-FALSE over the UTF-8 bytes of everything up to and including "6304" as the last object.
 */

/** Characters, not UTF-16 units: a Burmese name counts each code point once. */
const charLength = (value: string): number => Array.from(value).length;

function tlv(id: string, value: string): string {
  const length = charLength(value);
  if (length === 0 || length > 99) throw new Error(`EMV object ${id} must be 1..99 characters`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR. */
export function crc16CcittFalse(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

const crcHex = (text: string): string =>
  crc16CcittFalse(new TextEncoder().encode(text)).toString(16).toUpperCase().padStart(4, '0');

export interface MmqrMerchant {
  /** Merchant account id at the acquirer (tag 26 sub-tag 01). */
  accountId: string;
  /** Latin-script name (tag 59, max 25) and city (tag 60, max 15). */
  name: string;
  city: string;
  /** Burmese name and city (tag 64 sub-tags 01 and 02). */
  nameMy: string;
  cityMy: string;
  /** ISO 18245 merchant category code (tag 52); 4814 telecommunication services. */
  categoryCode: string;
}

export const shopMerchant: MmqrMerchant = {
  accountId: 'MYANTOPUP0001',
  name: 'MyanTopup',
  city: 'Yangon',
  nameMy: 'မြန်မာ ငွေဖြည့်ဆိုင်',
  cityMy: 'ရန်ကုန်',
  categoryCode: '4814',
};

export interface MmqrPayment {
  amountMmk: number;
  /** Order number (tag 62 sub-tag 01). */
  billNumber: string;
  /** This payment's reference at the acquirer (tag 62 sub-tag 05). */
  reference: string;
  expiresAt: Date;
}

/**
 * The payload of one payment. Expiry is not an EMVCo field, so it travels in the unreserved
 * template 80 under the MMQR identifier (sub-tag 01: unix seconds), where any wallet that does
 * not know it simply skips it.
 */
export function buildMmqrPayload(merchant: MmqrMerchant, payment: MmqrPayment): string {
  if (!Number.isInteger(payment.amountMmk) || payment.amountMmk <= 0)
    throw new Error('amount must be whole positive kyat');
  const body =
    tlv('00', '01') +
    // 12: dynamic (one payment, one amount).
    tlv('01', '12') +
    tlv('26', tlv('00', MMQR_GUID) + tlv('01', merchant.accountId)) +
    tlv('52', merchant.categoryCode) +
    tlv('53', MMK_NUMERIC_CURRENCY) +
    tlv('54', String(payment.amountMmk)) +
    tlv('58', 'MM') +
    tlv('59', merchant.name) +
    tlv('60', merchant.city) +
    tlv('62', tlv('01', payment.billNumber) + tlv('05', payment.reference)) +
    tlv('64', tlv('00', 'my') + tlv('01', merchant.nameMy) + tlv('02', merchant.cityMy)) +
    tlv(
      '80',
      tlv('00', MMQR_GUID) + tlv('01', String(Math.floor(payment.expiresAt.getTime() / 1000))),
    ) +
    '6304';
  return body + crcHex(body);
}

export class MmqrParseError extends Error {}

/** Splits ID-length-value objects (lengths in characters). */
export function parseTlv(text: string): Map<string, string> {
  const chars = Array.from(text);
  const out = new Map<string, string>();
  let i = 0;
  while (i < chars.length) {
    if (i + 4 > chars.length) throw new MmqrParseError('truncated object');
    const id = chars.slice(i, i + 2).join('');
    const lengthText = chars.slice(i + 2, i + 4).join('');
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText))
      throw new MmqrParseError('malformed object header');
    const length = Number(lengthText);
    const value = chars.slice(i + 4, i + 4 + length).join('');
    if (Array.from(value).length !== length) throw new MmqrParseError('truncated object');
    if (out.has(id)) throw new MmqrParseError(`object ${id} repeated`);
    out.set(id, value);
    i += 4 + length;
  }
  return out;
}

export interface ParsedMmqr {
  merchantAccountId: string;
  merchantName: string;
  merchantNameMy: string | null;
  amountMmk: number;
  billNumber: string;
  reference: string;
  expiresAt: Date;
}

/** Reads and checks a payload as a wallet app would: structure, CRC, MMQR identifier, kyat amount. */
export function parseMmqrPayload(payload: string): ParsedMmqr {
  const text = payload.trim();
  if (text.length < 12) throw new MmqrParseError('too short');
  const crcStart = text.length - 4;
  if (text.slice(crcStart - 4, crcStart) !== '6304')
    throw new MmqrParseError('no CRC object at the end');
  if (crcHex(text.slice(0, crcStart)) !== text.slice(crcStart).toUpperCase())
    throw new MmqrParseError('CRC does not match');
  const top = parseTlv(text);
  if (top.get('00') !== '01') throw new MmqrParseError('not an EMVCo payload');
  if (top.get('01') !== '12') throw new MmqrParseError('not a dynamic QR');
  const account = parseTlv(top.get('26') ?? '');
  if (account.get('00') !== MMQR_GUID) throw new MmqrParseError('not an MMQR merchant');
  if (top.get('53') !== MMK_NUMERIC_CURRENCY) throw new MmqrParseError('currency is not MMK');
  if (top.get('58') !== 'MM') throw new MmqrParseError('country is not MM');
  const amountText = top.get('54') ?? '';
  if (!/^[1-9]\d{0,11}$/.test(amountText))
    throw new MmqrParseError('amount missing or not whole kyat');
  const additional = parseTlv(top.get('62') ?? '');
  const billNumber = additional.get('01');
  const reference = additional.get('05');
  if (!billNumber || !reference) throw new MmqrParseError('bill number or reference missing');
  const language = top.has('64') ? parseTlv(top.get('64') ?? '') : null;
  const extra = parseTlv(top.get('80') ?? '');
  const expiry = extra.get('01');
  if (extra.get('00') !== MMQR_GUID || !expiry || !/^\d{1,12}$/.test(expiry))
    throw new MmqrParseError('expiry missing');
  return {
    merchantAccountId: account.get('01') ?? '',
    merchantName: top.get('59') ?? '',
    merchantNameMy: language?.get('01') ?? null,
    amountMmk: Number(amountText),
    billNumber,
    reference,
    expiresAt: new Date(Number(expiry) * 1000),
  };
}
