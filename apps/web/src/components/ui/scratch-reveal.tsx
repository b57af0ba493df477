import { groupInFours } from '@shop/contracts/phone';
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { Button } from './button.tsx';
import './scratch-reveal.css';

/** Share of the foil to scratch away before the PIN is asked for. */
const REVEAL_AT = 0.4;
const BRUSH_RADIUS = 14;

/** Fraction of the canvas that is transparent (scratched), sampled on a coarse grid. */
function scratchedFraction(canvas: HTMLCanvasElement): number {
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return 0;
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let clear = 0;
  let total = 0;
  for (let i = 3; i < data.length; i += 4 * 16) {
    total++;
    if ((data[i] ?? 0) === 0) clear++;
  }
  return total ? clear / total : 0;
}

export interface ScratchRevealLabels {
  /** "PIN" beside the value. */
  pin: string;
  /** Written on the foil ("Scratch to reveal"). */
  hint: string;
  /** The button for keyboards and screen readers ("Reveal PIN") and its busy text. */
  reveal: string;
  revealing: string;
}

/**
 * A PIN under a scratch-off foil: scratching with a finger or the mouse — or the reveal button, for
 * keyboards and screen readers — calls `onReveal`, which asks the server for the PIN (the PIN is
 * never in the page before that) and hands it back through `pin`. Once revealed the PIN shows in
 * groups of four, followed by `actions` (copy, dial). The buyer's order page and the shared-order
 * page both use it; each knows its own scratch call and words.
 */
export function ScratchReveal({
  cardId,
  pin,
  onReveal,
  labels,
  actions,
  beforeReveal,
}: {
  cardId: string;
  pin: string | null;
  onReveal: () => Promise<void>;
  /**
   * Asked before the foil is first scratched or the button revealed: false leaves the foil whole
   * (the buyer's page asks whether to end a live gift link first).
   */
  beforeReveal?: () => Promise<boolean>;
  labels: ScratchRevealLabels;
  actions?: ReactNode;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [busy, setBusy] = useState(false);
  const scratching = useRef(false);
  /** beforeReveal said yes: scratching may start. */
  const saidYes = useRef(false);
  const mayScratch = () => !beforeReveal || saidYes.current;
  const mayReveal = async () => {
    if (mayScratch() || !beforeReveal) return true;
    saidYes.current = await beforeReveal();
    return saidYes.current;
  };

  // Paint the foil.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (pin || !canvas) return;
    const context = canvas.getContext('2d');
    if (!context) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = canvas.getBoundingClientRect();
    canvas.width = Math.max(1, Math.round(width * ratio));
    canvas.height = Math.max(1, Math.round(height * ratio));
    context.scale(ratio, ratio);
    const gradient = context.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, '#9aa3ad');
    gradient.addColorStop(0.5, '#c9ced4');
    gradient.addColorStop(1, '#8d96a0');
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
    context.fillStyle = '#3b4350';
    context.font = '600 14px system-ui, "Noto Sans Myanmar", sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(labels.hint, width / 2, height / 2);
  }, [pin, labels.hint]);

  const reveal = async () => {
    if (busy || pin || !(await mayReveal())) return;
    setBusy(true);
    try {
      await onReveal();
    } finally {
      setBusy(false);
    }
  };

  const scratchAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const rect = canvas.getBoundingClientRect();
    context.globalCompositeOperation = 'destination-out';
    context.beginPath();
    context.arc(event.clientX - rect.left, event.clientY - rect.top, BRUSH_RADIUS, 0, Math.PI * 2);
    context.fill();
    if (scratchedFraction(canvas) >= REVEAL_AT) void reveal();
  };

  return (
    <div className="scratch-card" data-testid="scratch-card" data-card-id={cardId}>
      <div className="scratch-card__pin">
        <span className="scratch-card__label">{labels.pin}</span>
        {pin ? (
          <span className="scratch-card__value" data-testid="card-pin" translate="no">
            {groupInFours(pin)}
          </span>
        ) : (
          <span className="scratch-card__surface">
            <span className="scratch-card__value" aria-hidden="true">
              •••• •••• ••••
            </span>
            <canvas
              ref={canvasRef}
              className="scratch-card__foil"
              data-testid="scratch-foil"
              aria-hidden="true"
              onPointerDown={(event) => {
                if (!mayScratch()) {
                  void mayReveal();
                  return;
                }
                scratching.current = true;
                event.currentTarget.setPointerCapture(event.pointerId);
                scratchAt(event);
              }}
              onPointerMove={(event) => {
                if (scratching.current) scratchAt(event);
              }}
              onPointerUp={() => {
                scratching.current = false;
              }}
              onPointerCancel={() => {
                scratching.current = false;
              }}
            />
          </span>
        )}
      </div>
      {pin ? (
        actions
      ) : (
        <Button
          variant="secondary"
          busy={busy}
          busyLabel={labels.revealing}
          onClick={() => void reveal()}
        >
          {labels.reveal}
        </Button>
      )}
    </div>
  );
}
