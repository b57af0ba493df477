import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';

const qrOptions = { errorCorrectionLevel: 'M', margin: 2 } as const;

/**
 * A QR code drawn on a canvas (error correction M, a 2-module margin), with `label` as its
 * accessible name. The payment QR (spec §9: 250 px) and the share link's QR use it.
 */
export function QrCode({
  value,
  size,
  label,
  className,
  testId,
}: {
  value: string;
  size: number;
  label: string;
  className?: string;
  testId?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    void QRCode.toCanvas(canvas.current, value, { ...qrOptions, width: size });
  }, [value, size]);
  return (
    <canvas
      ref={canvas}
      className={className}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-payload={value}
    />
  );
}
