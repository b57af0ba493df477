import type { OrderCard } from '@shop/contracts/orders';
import { groupInFours, rechargeDialPattern, rechargeTelHref } from '@shop/contracts/phone';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Code, CODE_SLOT } from '../../../components/ui/code-in-text.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ordersApi } from '../api/orders-api.ts';

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

/**
 * A card's PIN under a scratch-off foil (spec §2 "Orders": scratch). Scratching with a finger or
 * the mouse — or the Reveal PIN button, for keyboards and screen readers — asks the server for the
 * PIN (PUT /api/v1/cards/{cardId}/scratch, which also turns off sharing); the PIN is never in the
 * page before that. A scratched card shows its PIN with a copy button.
 */
export function ScratchCard({
  card,
  dialToTopUp,
  onRevealed,
}: {
  card: OrderCard;
  /** An operator's top-up card: offer to dial *123*PIN# next to Copy. */
  dialToTopUp: boolean;
  onRevealed: () => void;
}) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The PIN answered by the scratch call; once the order is reloaded it carries the PIN itself.
  const [revealedPin, setRevealedPin] = useState<string | null>(null);
  const pin = card.pin ?? revealedPin;
  const [busy, setBusy] = useState(false);
  const scratching = useRef(false);

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
    context.fillText(t('orders.detail.scratchHint'), width / 2, height / 2);
  }, [pin, t]);

  const reveal = async () => {
    if (busy || pin) return;
    setBusy(true);
    try {
      const { data, message } = await ordersApi.scratch(card.cardId);
      setRevealedPin(data.pin);
      toast.success(message || t('orders.detail.scratchSuccess'));
      onRevealed();
    } catch (error) {
      toast.error(
        error instanceof ApiError && !error.message.startsWith('Request failed')
          ? error.message
          : t('orders.detail.scratchFailed'),
      );
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

  const copy = async () => {
    if (!pin) return;
    try {
      await navigator.clipboard.writeText(pin);
      toast.success(t('orders.detail.copied'));
    } catch {
      toast.error(t('orders.detail.copyFailed'));
    }
  };

  return (
    <div className="scratch-card" data-testid="scratch-card" data-card-id={card.cardId}>
      <div className="scratch-card__pin">
        <span className="scratch-card__label">{t('orders.detail.pin')}</span>
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
        <>
          <Button variant="secondary" onClick={() => void copy()}>
            {t('orders.detail.copy')}
          </Button>
          {dialToTopUp ? (
            <a
              className="button button--secondary"
              href={rechargeTelHref(pin)}
              data-testid="card-dial"
            >
              <Code text={t('orders.detail.dial', { code: CODE_SLOT })}>{rechargeDialPattern}</Code>
            </a>
          ) : null}
        </>
      ) : (
        <Button
          variant="secondary"
          busy={busy}
          busyLabel={t('orders.detail.revealing')}
          onClick={() => void reveal()}
        >
          {t('orders.detail.reveal')}
        </Button>
      )}
    </div>
  );
}
