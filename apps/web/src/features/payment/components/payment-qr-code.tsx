import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';

/** Spec §9 "Payment QR: 250 px, error correction M". */
export const QR_SIZE_PX = 250;
const qrOptions = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** Draws the MM QR payload as a 250 px QR code. */
export function PaymentQrCode({ payload, label }: { payload: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    void QRCode.toCanvas(canvas.current, payload, { ...qrOptions, width: QR_SIZE_PX });
  }, [payload]);
  return (
    <canvas
      ref={canvas}
      className="payment-qr__code"
      width={QR_SIZE_PX}
      height={QR_SIZE_PX}
      role="img"
      aria-label={label}
      data-testid="payment-qr"
      data-payload={payload}
    />
  );
}

/** "Save QR code": downloads the code as a PNG (twice the size, for a clear scan from a photo). */
export async function downloadQrPng(payload: string, fileName: string): Promise<void> {
  const url = await QRCode.toDataURL(payload, { ...qrOptions, width: QR_SIZE_PX * 2 });
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
}
