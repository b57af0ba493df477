import { SERVICE_FEE_MMK } from '@shop/contracts/checkout';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { ApproxPrice, RateNote } from '../../currency/index.ts';
import '../cart.css';
import { cartController, useCartState } from '../cart-controller.ts';
import { CartLineItem } from './cart-line-item.tsx';

/** The cart drawer (spec §2 "Cart drawer"): an accessible modal dialog sliding in from the side. */
export function CartDrawer({
  open,
  onClose,
  onCheckout,
}: {
  open: boolean;
  onClose: () => void;
  onCheckout: () => void;
}) {
  const { t } = useTranslation();
  const { cart, loading, busy, busyAll } = useCartState();
  const { checking, checkout } = useCheckout(onCheckout);
  // "Clear cart" asks first (issue 26): one tap beside Checkout emptied a cart of numbers typed.
  const [confirmingClear, setConfirmingClear] = useState(false);

  useEffect(() => {
    if (open) void cartController.load();
  }, [open]);
  const close = () => {
    setConfirmingClear(false);
    onClose();
  };

  const items = cart?.items ?? [];
  return (
    <Dialog open={open} onClose={close} title={t('cart.title')} className="cart-drawer">
      {cart === null && loading ? (
        <p className="cart-drawer__loading" role="status">
          <Spinner /> {t('cart.loading')}
        </p>
      ) : items.length === 0 ? (
        <div className="cart-drawer__empty">
          <p>
            <strong>{t('cart.empty')}</strong>
          </p>
          <p>{t('cart.emptyHint')}</p>
        </div>
      ) : (
        <>
          {cart?.hasUnavailableItems ? <UnavailableNotice busy={busyAll} /> : null}
          <ul className="cart-drawer__lines" aria-label={t('cart.title')}>
            {items.map((line) => (
              <CartLineItem key={line.lineId} line={line} busy={busyAll || busy.has(line.lineId)} />
            ))}
          </ul>
          <CartSummary totalItems={cart?.totalItems ?? 0} totalAmount={cart?.totalAmount ?? 0} />
          <RateNote />
          <DrawerActions
            confirmingClear={confirmingClear}
            onConfirmingClear={setConfirmingClear}
            busy={busyAll}
            checking={checking}
            empty={(cart?.totalAmount ?? 0) === 0}
            onCheckout={() => void checkout()}
          />
        </>
      )}
    </Dialog>
  );
}

/** Clear and Checkout, or, once Clear is pressed, the question in their place. */
function DrawerActions({
  confirmingClear,
  onConfirmingClear,
  busy,
  checking,
  empty,
  onCheckout,
}: {
  confirmingClear: boolean;
  onConfirmingClear: (asking: boolean) => void;
  busy: boolean;
  checking: boolean;
  /** Nothing to pay (Checkout is off). */
  empty: boolean;
  onCheckout: () => void;
}) {
  const { t } = useTranslation();
  if (confirmingClear) {
    return (
      <ClearCartQuestion
        busy={busy}
        onKeep={() => {
          onConfirmingClear(false);
        }}
        onClear={() => {
          void cartController.clear().then(() => {
            onConfirmingClear(false);
          });
        }}
      />
    );
  }
  return (
    <div className="cart-drawer__actions">
      <Button
        variant="ghost"
        busy={busy}
        onClick={() => {
          onConfirmingClear(true);
        }}
        data-testid="cart-clear"
      >
        {t('cart.clear')}
      </Button>
      <Button
        block
        busy={checking}
        disabled={busy || empty}
        onClick={onCheckout}
        data-testid="cart-checkout"
      >
        {t('cart.checkout')}
      </Button>
    </div>
  );
}

/**
 * Checkout starts only with every typed number saved on its line (issue 12); a top-up line
 * without a valid number keeps the customer here, on that field, instead of a failed checkout.
 */
function useCheckout(onCheckout: () => void) {
  const [checking, setChecking] = useState(false);
  const checkout = async () => {
    setChecking(true);
    const check = await cartController.flushPhoneNumbers();
    setChecking(false);
    if (check.ok) {
      onCheckout();
      return;
    }
    document
      .querySelector<HTMLInputElement>(`[data-phone-of="${CSS.escape(check.lineId)}"]`)
      ?.focus();
  };
  return { checking, checkout };
}

/** Some lines can no longer be bought: says so, with a button removing them all. */
function UnavailableNotice({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="cart-drawer__notice" role="note">
      <p>{t('cart.unavailableNotice')}</p>
      <Button
        variant="secondary"
        busy={busy}
        onClick={() => {
          void cartController.removeUnavailable();
        }}
      >
        {t('cart.removeUnavailable')}
      </Button>
    </div>
  );
}

/** The service fee and the total (with its item count and the price in the buyer's currency). */
function CartSummary({ totalItems, totalAmount }: { totalItems: number; totalAmount: number }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <dl className="cart-drawer__summary">
      <div>
        <dt>{t('cart.serviceFee')}</dt>
        <dd>{formatKyat(SERVICE_FEE_MMK, language)}</dd>
      </div>
      <div className="cart-drawer__total">
        <dt>
          {t('cart.total')}{' '}
          <span className="cart-drawer__count">
            ({t('cart.totalItems', { count: totalItems })})
          </span>
        </dt>
        <dd>
          <span data-testid="cart-total">{formatKyat(totalAmount, language)}</span>
          <ApproxPrice kyat={totalAmount} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * The question in place of the drawer's actions: what clearing does, keeping as the first focus
 * (the safe answer), and the clear itself.
 */
function ClearCartQuestion({
  busy,
  onKeep,
  onClear,
}: {
  busy: boolean;
  onKeep: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const questionId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('button')?.focus();
  }, []);
  return (
    <div
      ref={box}
      className="cart-drawer__confirm"
      role="group"
      aria-labelledby={questionId}
      data-testid="cart-clear-question"
    >
      <p id={questionId}>{t('cart.clearQuestion')}</p>
      <div className="cart-drawer__actions">
        <Button variant="secondary" onClick={onKeep}>
          {t('cart.clearKeep')}
        </Button>
        <Button variant="danger" busy={busy} onClick={onClear} data-testid="cart-clear-confirm">
          {t('cart.clearConfirm')}
        </Button>
      </div>
    </div>
  );
}
