import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useAuth } from '../../auth/index.ts';
import '../cart-button.css';
import { badgeText, cartBadge, useCartBadge } from '../cart-badge-store.ts';
import { loadCartController } from '../load-cart-controller.ts';
import { OptionalPart } from '../../../components/ui/optional-part.tsx';

/** Spec §4 Cart: loaded about 1 second after start. */
const INITIAL_LOAD_DELAY_MS = 1000;

/**
 * Header cart button with the item-count badge (99+ cap); opens the cart drawer. The app gives
 * `overlays`, the drawer and what follows it (loaded on demand, app/shop-overlays.tsx), mounted
 * once needed, and `hasPendingPayment` (the payment feature's savedPayment).
 */
export function CartButton({
  overlays,
  hasPendingPayment,
}: {
  overlays: ReactNode;
  hasPendingPayment: () => unknown;
}) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const { totalItems, bounce, overlaysMounted } = useCartBadge();

  // A payment left pending (a reload, a closed tab): the overlays show its pill again (ADR 0054).
  useEffect(() => {
    if (status === 'authenticated' && hasPendingPayment()) cartBadge.mountOverlays();
  }, [status, hasPendingPayment]);

  // Loaded ~1 s after start and again whenever the sign-in status changes (spec §4 Cart).
  useEffect(() => {
    if (status === 'loading') return;
    const timer = setTimeout(() => {
      void loadCartController().then((cart) => cart.load({ quiet: true }));
    }, INITIAL_LOAD_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [status]);

  return (
    <>
      <button
        type="button"
        className="header-button cart-button"
        aria-haspopup="dialog"
        aria-label={t('cart.button', { count: totalItems })}
        data-testid="cart-button"
        onClick={() => {
          cartBadge.openDrawer();
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M7 18a2 2 0 100 4 2 2 0 000-4zm10 0a2 2 0 100 4 2 2 0 000-4zM5.2 4H2V2h4.6l.9 2H21l-3.4 8.3a2 2 0 01-1.9 1.2H8.1l-1 1.8V16h12v2H7a2 2 0 01-1.8-2.9l1.4-2.6z"
            fill="currentColor"
          />
        </svg>
        {totalItems > 0 ? (
          <span
            key={bounce}
            className={bounce > 0 ? 'cart-badge cart-badge--bounce' : 'cart-badge'}
            data-testid="cart-badge"
            aria-hidden="true"
          >
            {badgeText(totalItems, currentLanguage())}
          </span>
        ) : null}
      </button>
      {overlaysMounted ? <OptionalPart>{overlays}</OptionalPart> : null}
    </>
  );
}
