import '../content/lazy-messages.ts';
import '../checkout.css';
import type {
  OrderSummary,
  PaymentMethod,
  PaymentMethodId,
  PaymentSession,
} from '@shop/contracts/checkout';
import { isCardKind } from '@shop/contracts/orders';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessageOr } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { checkoutApi } from '../api/checkout-api.ts';
import { useCheckoutBodyClass } from '../checkout-body-class.ts';
import { readCodesEmail } from '../../../lib/codes-email.ts';
import { BonusPointsLine } from './bonus-points-line.tsx';
import { CheckoutOrderSummary } from './checkout-order-summary.tsx';
import { CodesEmailField } from './codes-email-field.tsx';
import { PaymentMethodPicker } from './payment-method-picker.tsx';
import { PromoCodeForm } from './promo-code-form.tsx';
import { useCheckoutOrder, type Prepare } from './use-checkout-order.ts';

/** An order with E-PINs or gift cards has codes to e-mail; a top-up-only order has none. */
const hasCodes = (order: OrderSummary) => order.items.some((item) => isCardKind(item.type));

/** The address the order's codes go to, when it has codes (sent again with every checkout call). */
const codesEmailOf = (order: OrderSummary) => (hasCodes(order) ? order.email : null);

/** The promo code the order has, as the promo-code form shows it (null: none yet). */
const appliedPromo = (order: OrderSummary) =>
  order.promoCode ? { code: order.promoCode, discount: order.promoDiscount } : null;

/**
 * Checkout dialog: creates the pending order from the server cart (database prices), shows its
 * summary with the 0 Ks service fee, lets the customer choose a payment method, and starts paying.
 */
export function CheckoutDialog({
  onClose,
  onPaymentStarted,
}: {
  onClose: () => void;
  onPaymentStarted: (session: PaymentSession) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  useCheckoutBodyClass(true);
  const { phase, method, setMethod, prepare, show, retry } = useCheckoutOrder();
  const codesEmail = useCodesEmail(prepare, show);
  const { paying, payError, setPayError, pay } = usePay(
    method,
    codesEmail.commit,
    onPaymentStarted,
  );
  const applyPromoCode = async (promoCode: string | null) => {
    const { order, methods } = await prepare(
      promoCode,
      phase.name === 'ready' ? codesEmailOf(phase.order) : null,
    );
    setPayError(null);
    show(order, methods);
  };

  return (
    <Dialog open onClose={onClose} title={t('checkout.title')} className="checkout-dialog">
      {phase.name === 'loading' ? (
        <p className="checkout-dialog__status" role="status">
          <Spinner /> {t('checkout.preparing')}
        </p>
      ) : phase.name === 'error' ? (
        <CheckoutFailed message={phase.message} onRetry={retry} />
      ) : (
        <>
          <CheckoutOrderSummary order={phase.order} language={language} />
          <BonusPointsLine paidWithPoints={method === 'points'} />
          <OrderCodesEmail order={phase.order} codesEmail={codesEmail} />
          <PromoCodeForm
            applied={appliedPromo(phase.order)}
            onApply={(code) => applyPromoCode(code)}
            onRemove={() =>
              applyPromoCode(null).catch((error: unknown) => {
                setPayError(errorMessageOr(error, t('checkout.promo.failed')));
              })
            }
          />
          <PaymentMethodPicker
            methods={phase.methods}
            total={phase.order.total}
            value={method}
            onChange={setMethod}
          />
          {payError ? (
            <p className="checkout-dialog__pay-error" role="alert">
              {payError}
            </p>
          ) : null}
          <Button
            block
            busy={paying}
            busyLabel={t('checkout.paying')}
            disabled={!phase.methods.some((entry) => entry.id === method && entry.isEnabled)}
            data-testid="checkout-pay"
            onClick={() => {
              void pay(phase.order);
            }}
          >
            {t('checkout.pay', { amount: formatKyat(phase.order.total, language) })}
          </Button>
        </>
      )}
    </Dialog>
  );
}

/** Why the order could not be prepared, and a button to try again. */
function CheckoutFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="checkout-dialog__error">
      <p role="alert">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('checkout.retry')}
      </Button>
    </div>
  );
}

/** The field for the address the codes go to, on orders that have codes. */
function OrderCodesEmail({
  order,
  codesEmail,
}: {
  order: OrderSummary;
  codesEmail: ReturnType<typeof useCodesEmail>;
}) {
  if (!hasCodes(order)) return null;
  return (
    <CodesEmailField
      value={codesEmail.draft ?? order.email ?? ''}
      error={codesEmail.error}
      busy={codesEmail.busy}
      onChange={codesEmail.setDraft}
      onCommit={() => {
        void codesEmail.commit(order);
      }}
    />
  );
}

/**
 * Paying the order shown with the chosen method: `paying` while it starts, `payError` says why it
 * did not (the promo code's removal sets it too).
 */
function usePay(
  method: PaymentMethodId,
  commitCodesEmail: (order: OrderSummary) => Promise<OrderSummary | null>,
  onPaymentStarted: (session: PaymentSession) => void,
) {
  const { t } = useTranslation();
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);

  const pay = async (shown: OrderSummary) => {
    setPaying(true);
    setPayError(null);
    try {
      // The address typed last goes with the order; a wrong one stops here, shown at its field.
      const order = await commitCodesEmail(shown);
      if (!order) return;
      await checkoutApi.selectPaymentMethod(order.sessionId, method);
      const { data: session } = await checkoutApi.complete(order.sessionId, method);
      onPaymentStarted(session);
    } catch (error) {
      setPayError(errorMessageOr(error, t('checkout.initFailed')));
    } finally {
      setPaying(false);
    }
  };
  return { paying, payError, setPayError, pay };
}

/**
 * The codes address as the buyer types it (`draft`, null until edited) and its commit: a changed,
 * valid address makes the checkout again with it (same order, ADR 0050) and answers that order; an
 * invalid or refused one sets `error` and answers null. A commit already on its way for the same
 * address (leaving the field, then Pay) is awaited, not sent twice.
 */
function useCodesEmail(
  prepare: Prepare,
  show: (order: OrderSummary, methods: PaymentMethod[]) => void,
) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef<{ email: string; done: Promise<OrderSummary | null> } | null>(null);

  const send = async (order: OrderSummary, email: string, typed: string) => {
    setBusy(true);
    try {
      const next = await prepare(order.promoCode, email);
      show(next.order, next.methods);
      setDraft((current) => (current === typed ? null : current));
      return next.order;
    } catch (caught) {
      const refusal = caught instanceof ApiError ? caught.fields?.email : undefined;
      setError(refusal ?? errorMessageOr(caught, t('checkout.codesEmail.failed')));
      return null;
    } finally {
      setBusy(false);
      inFlight.current = null;
    }
  };

  const commit = async (order: OrderSummary): Promise<OrderSummary | null> => {
    if (draft === null || !hasCodes(order)) return order;
    const read = readCodesEmail(draft);
    setError(read.error);
    if (read.email === null) return null;
    if (inFlight.current?.email === read.email) return inFlight.current.done;
    if (read.email === order.email) return order;
    const done = send(order, read.email, draft);
    inFlight.current = { email: read.email, done };
    return done;
  };

  return {
    draft,
    error,
    busy,
    commit,
    setDraft: (value: string) => {
      setDraft(value);
      setError(null);
    },
  };
}
