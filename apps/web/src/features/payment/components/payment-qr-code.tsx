import QRCode from 'qrcode';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { saveDownloadedFile } from '../../../lib/download-file.ts';

/** Spec §9 "Payment QR: 250 px, error correction M". */
export const QR_SIZE_PX = 250;
/** ISO/IEC 18004 asks for a quiet zone of 4 modules around a QR code; the saved image keeps it. */
export const QR_QUIET_ZONE_MODULES = 4;

/** Draws the MM QR payload as a 250 px QR code. */
export function PaymentQrCode({ payload, label }: { payload: string; label: string }) {
  return (
    <QrCode
      value={payload}
      size={QR_SIZE_PX}
      label={label}
      className="payment-qr__code"
      testId="payment-qr"
    />
  );
}

/** What the saved image says around the code, in the page's language. */
export interface QrImageText {
  /** "Pay to MyanTopup" (the merchant name the wallet will show). */
  merchant: string;
  /** The amount, formatted ("3,000 Ks"). */
  amount: string;
  /** "Order MT-…". */
  order: string;
  /** How to use it. */
  hint: string;
}

const FONT = '"Noto Sans Myanmar", system-ui, sans-serif';
const INK = '#111827';
const MODULE_PX = 10;
const PADDING_PX = 32;

/** Writes one centred line, shrinking the font until it fits the width. */
function centredLine(
  context: CanvasRenderingContext2D,
  text: string,
  y: number,
  width: number,
  style: { size: number; weight: number },
): void {
  let size = style.size;
  do {
    context.font = `${String(style.weight)} ${String(size)}px ${FONT}`;
    size -= 1;
  } while (context.measureText(text).width > width - 2 * PADDING_PX && size > 10);
  context.fillText(text, width / 2, y);
}

/**
 * "Save QR code": a PNG a wallet can scan from the gallery — the code drawn module by module at
 * 10 px (sharp edges), inside a white quiet zone of 4 modules, with the merchant, the amount above
 * and the order number below it, all on white.
 */
export async function renderQrImage(payload: string, text: QrImageText): Promise<Blob> {
  const code = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const modules = code.modules.size;
  const codePx = (modules + 2 * QR_QUIET_ZONE_MODULES) * MODULE_PX;
  const width = codePx + 2 * PADDING_PX;
  const headerPx = 120;
  const footerPx = 110;
  const height = headerPx + codePx + footerPx;
  // The Burmese font is loaded by the app; wait for it so the text is not drawn in a fallback.
  await Promise.all([
    document.fonts.load(`700 30px ${FONT}`, text.merchant + text.amount),
    document.fonts.load(`400 22px ${FONT}`, text.order + text.hint),
  ]).catch(() => undefined);

  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = INK;
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';
  centredLine(context, text.merchant, 48, width, { size: 26, weight: 700 });
  centredLine(context, text.amount, 96, width, { size: 34, weight: 700 });

  const left = PADDING_PX + QR_QUIET_ZONE_MODULES * MODULE_PX;
  const top = headerPx + QR_QUIET_ZONE_MODULES * MODULE_PX;
  for (let row = 0; row < modules; row++)
    for (let col = 0; col < modules; col++)
      if (code.modules.get(row, col))
        context.fillRect(left + col * MODULE_PX, top + row * MODULE_PX, MODULE_PX, MODULE_PX);

  const below = headerPx + codePx;
  centredLine(context, text.order, below + 36, width, { size: 22, weight: 700 });
  context.fillStyle = '#4b5563';
  centredLine(context, text.hint, below + 76, width, { size: 18, weight: 400 });

  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('QR image not encoded'));
    }, 'image/png');
  });
}

export async function downloadQrPng(
  payload: string,
  fileName: string,
  text: QrImageText,
): Promise<void> {
  saveDownloadedFile({ blob: await renderQrImage(payload, text), fileName }, fileName);
}

/**
 * "Screenshot & pay": the payment's picture (the saved image: code, merchant, amount, order)
 * handed to the phone's share sheet, where the customer picks their wallet or bank app and pays
 * from it. Where files cannot be shared (most computers), the picture is saved instead, to be
 * opened from the gallery. Resolves how it ended; a closed share sheet is 'cancelled'.
 */
export async function shareQrImage(
  payload: string,
  fileName: string,
  text: QrImageText,
): Promise<'shared' | 'saved' | 'cancelled'> {
  const blob = await renderQrImage(payload, text);
  const file = new File([blob], fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: text.merchant, text: text.amount });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Sharing refused (no user gesture left, a policy): the picture is saved instead.
    }
  }
  saveDownloadedFile({ blob, fileName }, fileName);
  return 'saved';
}

/**
 * The merchant name a wallet shows for the payload: the Burmese one (EMVCo tag 64, sub-tag 01)
 * on Burmese pages when present, else tag 59. Lengths count characters, as the payload does.
 */
export function mmqrMerchantName(payload: string, burmese: boolean): string | null {
  const read = (text: string): Map<string, string> => {
    const chars = Array.from(text);
    const out = new Map<string, string>();
    for (let i = 0; i + 4 <= chars.length;) {
      const id = chars.slice(i, i + 2).join('');
      const length = Number(chars.slice(i + 2, i + 4).join(''));
      if (!Number.isInteger(length)) break;
      out.set(id, chars.slice(i + 4, i + 4 + length).join(''));
      i += 4 + length;
    }
    return out;
  };
  const top = read(payload);
  const local = burmese && top.has('64') ? read(top.get('64') ?? '').get('01') : undefined;
  return local ?? top.get('59') ?? null;
}
