import type { OrderCard } from '@shop/contracts/orders';
import { rechargeDialPattern, rechargeTelHref } from '@shop/contracts/phone';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Code, CODE_SLOT } from '../../../components/ui/code-in-text.tsx';
import { ScratchReveal } from '../../../components/ui/scratch-reveal.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { ordersApi } from '../api/orders-api.ts';

/**
 * A card's PIN under a scratch-off foil (spec §2 "Orders": scratch), on the buyer's order page:
 * revealing asks the server for the PIN (PUT /api/v1/cards/{cardId}/scratch, which also turns off
 * sharing). A scratched card shows its PIN with a copy button (and *123*PIN# for top-up cards).
 */
export function ScratchCard({
  card,
  dialToTopUp,
  onRevealed,
  beforeReveal,
}: {
  card: OrderCard;
  /** An operator's top-up card: offer to dial *123*PIN# next to Copy. */
  dialToTopUp: boolean;
  onRevealed: () => void;
  /** Asked first: revealing a code ends the order's live gift link (issue 26). */
  beforeReveal?: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  // The PIN answered by the scratch call; once the order is reloaded it carries the PIN itself.
  const [revealedPin, setRevealedPin] = useState<string | null>(null);
  const pin = card.pin ?? revealedPin;

  const reveal = async () => {
    try {
      const { data, message } = await ordersApi.scratch(card.cardId);
      setRevealedPin(data.pin);
      toast.success(message || t('orders.detail.scratchSuccess'));
      onRevealed();
    } catch (error) {
      toast.error(errorMessageOr(error, t('orders.detail.scratchFailed')));
    }
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
    <ScratchReveal
      cardId={card.cardId}
      pin={pin}
      onReveal={reveal}
      {...(beforeReveal ? { beforeReveal } : {})}
      labels={{
        pin: t('orders.detail.pin'),
        hint: t('orders.detail.scratchHint'),
        reveal: t('orders.detail.reveal'),
        revealing: t('orders.detail.revealing'),
      }}
      actions={
        <>
          <Button variant="secondary" onClick={() => void copy()}>
            {t('orders.detail.copy')}
          </Button>
          {dialToTopUp && pin ? (
            <a
              className="button button--secondary"
              href={rechargeTelHref(pin)}
              data-testid="card-dial"
            >
              <Code text={t('orders.detail.dial', { code: CODE_SLOT })}>{rechargeDialPattern}</Code>
            </a>
          ) : null}
        </>
      }
    />
  );
}
