import type { PaymentMethodId, PaymentSession } from '@shop/contracts/checkout';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Code } from '../../../components/ui/code-in-text.tsx';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import {
  canUseMethod,
  checkoutApi,
  PAYMENT_METHODS_CACHE_MS,
  PaymentMethodPicker,
} from '../../checkout/index.ts';

/**
 * "Change payment method" (offered beside cancelling the order): the same order, paid another
 * way. The new payment replaces the open one (its QR stops being payable).
 */
export function ChangePaymentMethod({
  session,
  onBack,
  onStarted,
}: {
  session: PaymentSession;
  onBack: () => void;
  onStarted: (next: PaymentSession) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const methods = useQuery({
    // The same key and answer as the checkout dialog's, so its cached answer serves here too.
    queryKey: ['payment-methods', session.orderId, language],
    queryFn: () => checkoutApi.paymentMethods(session.orderId),
    staleTime: PAYMENT_METHODS_CACHE_MS,
    retry: false,
  });
  const [chosen, setChosen] = useState<PaymentMethodId | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = methods.data?.data ?? [];
  // Another method than the one in use, when one can be chosen.
  const method =
    chosen ??
    list.find(
      (entry) => entry.id !== session.paymentMethod && canUseMethod(list, entry.id, session.amount),
    )?.id ??
    session.paymentMethod;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await checkoutApi.selectPaymentMethod(session.orderId, method);
      onStarted((await checkoutApi.complete(session.orderId, method)).data);
    } catch (failure) {
      setError(errorMessageOr(failure, t('payment.changeMethodFailed')));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onBack}
      size="small"
      title={t('payment.changeMethodTitle')}
      className="payment-change-method"
    >
      <p className="payment-change-method__order">
        {t('payment.orderId')}: <Code>{session.orderNumber}</Code> ·{' '}
        {formatKyat(session.amount, language)}
      </p>
      {methods.isPending ? (
        <p role="status">
          <Spinner /> {t('payment.methodsLoading')}
        </p>
      ) : methods.isError ? (
        <div role="alert">
          <p>{errorMessageOr(methods.error, t('payment.methodsFailed'))}</p>
          <Button variant="secondary" onClick={() => void methods.refetch()}>
            {t('payment.retry')}
          </Button>
        </div>
      ) : (
        <PaymentMethodPicker
          methods={list}
          total={session.amount}
          value={method}
          onChange={setChosen}
        />
      )}
      {error ? (
        <p className="payment-change-method__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="payment-actions">
        <Button variant="secondary" onClick={onBack}>
          {t('payment.back')}
        </Button>
        <Button
          busy={busy}
          disabled={!canUseMethod(list, method, session.amount)}
          data-testid="change-method-continue"
          onClick={() => void submit()}
        >
          {t('payment.changeMethodContinue')}
        </Button>
      </div>
    </Dialog>
  );
}
