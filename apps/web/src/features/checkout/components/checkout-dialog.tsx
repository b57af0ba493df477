import { formatNumber } from '@shop/contracts/languages';
import '../content/lazy-messages.ts';
import '../checkout.css';
import {
  SERVICE_FEE_MMK,
  type OrderSummary,
  type PaymentMethod,
  type PaymentMethodId,
  type PaymentSession,
} from '@shop/contracts/checkout';
import { isCardKind } from '@shop/contracts/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Code, CODE_SLOT } from '../../../components/ui/code-in-text.tsx';
import { ApiError, errorMessageOr } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { cartController } from '../../cart/index.ts';
import { ApproxPrice, RateNote } from '../../currency/index.ts';
import { track } from '../../privacy/index.ts';
import { checkoutApi, PAYMENT_METHODS_CACHE_MS } from '../api/checkout-api.ts';
import { useCheckoutBodyClass } from '../checkout-body-class.ts';
import { readCodesEmail } from '../../../lib/codes-email.ts';
import { BonusPointsLine } from './bonus-points-line.tsx';
import { CodesEmailField } from './codes-email-field.tsx';
import { PaymentMethodPicker } from './payment-method-picker.tsx';
import { PromoCodeForm } from './promo-code-form.tsx';
import { TopUpTo } from '../../../components/ui/top-up-to.tsx';

type Phase =
  | { name: 'loading' }
  | { name: 'error'; message: string }
  | { name: 'ready'; order: OrderSummary; methods: PaymentMethod[] };

/** An order with E-PINs or gift cards has codes to e-mail; a top-up-only order has none. */
const hasCodes = (order: OrderSummary) => order.items.some((item) => isCardKind(item.type));

/** The address the order's codes go to, when it has codes (sent again with every checkout call). */
const codesEmailOf = (order: OrderSummary) => (hasCodes(order) ? order.email : null);

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
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [method, setMethod] = useState<PaymentMethodId>('mmqr');
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useCheckoutBodyClass(true);

  /**
   * The pending order for the cart (with the promo code, if one is given: ADR 0035) and the
   * payment methods for its amount. A refused code rejects, and the order shown stays as it was.
   */
  const prepare = useCallback(
    async (promoCode: string | null, email: string | null = null) => {
      const { data: order } = await checkoutApi.initialize(promoCode, email);
      const { data: methods } = await queryClient.query({
        queryKey: ['payment-methods', order.sessionId, currentLanguage()],
        queryFn: () => checkoutApi.paymentMethods(order.sessionId),
        staleTime: PAYMENT_METHODS_CACHE_MS,
        retry: false,
      });
      return { order, methods };
    },
    [queryClient],
  );
  const show = useCallback((order: OrderSummary, methods: PaymentMethod[]) => {
    setMethod((current) =>
      methods.some((entry) => entry.id === current && entry.isEnabled)
        ? current
        : (methods.find((entry) => entry.isEnabled)?.id ?? current),
    );
    setPhase({ name: 'ready', order, methods });
  }, []);
  const applyPromoCode = async (promoCode: string | null) => {
    const { order, methods } = await prepare(
      promoCode,
      phase.name === 'ready' ? codesEmailOf(phase.order) : null,
    );
    setPayError(null);
    show(order, methods);
  };
  const codesEmail = useCodesEmail(prepare, show);

  useEffect(() => {
    const run = { cancelled: false };
    void (async () => {
      try {
        // Loading the cart first merges a guest cart into it right after signing in.
        await cartController.load({ quiet: true });
        const { order, methods } = await prepare(null);
        if (run.cancelled) return;
        track('begin_checkout', { value: order.total, items: order.totalItems });
        show(order, methods);
      } catch (error) {
        if (!run.cancelled)
          setPhase({ name: 'error', message: errorMessageOr(error, t('checkout.initFailed')) });
      }
    })();
    return () => {
      run.cancelled = true;
    };
  }, [attempt, t, prepare, show]);

  const pay = async (shown: OrderSummary) => {
    setPaying(true);
    setPayError(null);
    try {
      // The address typed last goes with the order; a wrong one stops here, shown at its field.
      const order = await codesEmail.commit(shown);
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

  return (
    <Dialog open onClose={onClose} title={t('checkout.title')} className="checkout-dialog">
      {phase.name === 'loading' ? (
        <p className="checkout-dialog__status" role="status">
          <Spinner /> {t('checkout.preparing')}
        </p>
      ) : phase.name === 'error' ? (
        <div className="checkout-dialog__error">
          <p role="alert">{phase.message}</p>
          <Button
            variant="secondary"
            onClick={() => {
              setPhase({ name: 'loading' });
              setAttempt((value) => value + 1);
            }}
          >
            {t('checkout.retry')}
          </Button>
        </div>
      ) : (
        <>
          <p className="checkout-dialog__number">
            <Code text={t('checkout.orderNumber', { number: CODE_SLOT })}>
              {phase.order.orderNumber}
            </Code>
          </p>
          <ul className="checkout-dialog__items" aria-label={t('checkout.items')}>
            {/* The order's lines in its order: two lines may differ only by the top-up request
                they pay (the same product, the same masked number), so the place is in the key. */}
            {phase.order.items.map((item, index) => (
              <li key={`${String(index)}:${item.productId}:${item.phoneNumber ?? ''}`}>
                <span>
                  {item.name} × {formatNumber(item.quantity, language)}
                  {item.phoneNumber ? (
                    <span className="recipient-line" data-testid="checkout-recipient">
                      <TopUpTo phoneNumber={item.phoneNumber} operator={item.operator} />
                    </span>
                  ) : null}
                </span>
                <span>{formatKyat(item.lineTotal, language)}</span>
              </li>
            ))}
          </ul>
          <dl className="checkout-dialog__summary">
            <div>
              <dt>{t('checkout.subtotal')}</dt>
              <dd>{formatKyat(phase.order.subtotal, language)}</dd>
            </div>
            {phase.order.discount - phase.order.promoDiscount > 0 ? (
              <div>
                <dt>{t('checkout.discount')}</dt>
                <dd>−{formatKyat(phase.order.discount - phase.order.promoDiscount, language)}</dd>
              </div>
            ) : null}
            {phase.order.promoCode ? (
              <div>
                <dt>{t('checkout.promo.line', { code: phase.order.promoCode })}</dt>
                <dd data-testid="checkout-promo-discount">
                  −{formatKyat(phase.order.promoDiscount, language)}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('checkout.serviceFee')}</dt>
              <dd data-testid="service-fee">
                {formatKyat(phase.order.serviceFee || SERVICE_FEE_MMK, language)}
              </dd>
            </div>
            <div className="checkout-dialog__total">
              <dt>{t('checkout.total')}</dt>
              <dd>
                <span data-testid="checkout-total">{formatKyat(phase.order.total, language)}</span>
                <ApproxPrice kyat={phase.order.total} />
              </dd>
            </div>
          </dl>
          <RateNote />
          <BonusPointsLine paidWithPoints={method === 'points'} />
          {hasCodes(phase.order) ? (
            <CodesEmailField
              value={codesEmail.draft ?? phase.order.email ?? ''}
              error={codesEmail.error}
              busy={codesEmail.busy}
              onChange={codesEmail.setDraft}
              onCommit={() => {
                void codesEmail.commit(phase.order);
              }}
            />
          ) : null}
          <PromoCodeForm
            applied={
              phase.order.promoCode
                ? { code: phase.order.promoCode, discount: phase.order.promoDiscount }
                : null
            }
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

/**
 * The codes address as the buyer types it (`draft`, null until edited) and its commit: a changed,
 * valid address makes the checkout again with it (same order, ADR 0050) and answers that order; an
 * invalid or refused one sets `error` and answers null. A commit already on its way for the same
 * address (leaving the field, then Pay) is awaited, not sent twice.
 */
function useCodesEmail(
  prepare: (
    promoCode: string | null,
    email: string | null,
  ) => Promise<{ order: OrderSummary; methods: PaymentMethod[] }>,
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
