import type { PaymentMethod, PaymentMethodId, PaymentSession } from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/languages';
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
 * The methods the order can be paid with: the same key and answer as the checkout dialog's, so its
 * cached answer serves here too.
 */
function usePaymentMethods(orderId: string, language: Language) {
  return useQuery({
    queryKey: ['payment-methods', orderId, language],
    queryFn: () => checkoutApi.paymentMethods(orderId),
    staleTime: PAYMENT_METHODS_CACHE_MS,
    retry: false,
  });
}

/** Another method than the one in use, when one can be chosen; else the one in use. */
const otherMethod = (list: PaymentMethod[], session: PaymentSession): PaymentMethodId =>
  list.find(
    (entry) => entry.id !== session.paymentMethod && canUseMethod(list, entry.id, session.amount),
  )?.id ?? session.paymentMethod;

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
  const methods = usePaymentMethods(session.orderId, language);
  const [chosen, setChosen] = useState<PaymentMethodId | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = methods.data?.data ?? [];
  const method = chosen ?? otherMethod(list, session);

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
      <MethodChoice methods={methods} total={session.amount} value={method} onChange={setChosen} />
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

/** The method picker once the methods are in; meanwhile a spinner, or why not with a Retry. */
function MethodChoice({
  methods,
  total,
  value,
  onChange,
}: {
  methods: ReturnType<typeof usePaymentMethods>;
  total: number;
  value: PaymentMethodId;
  onChange: (method: PaymentMethodId) => void;
}) {
  const { t } = useTranslation();
  if (methods.isPending)
    return (
      <p role="status">
        <Spinner /> {t('payment.methodsLoading')}
      </p>
    );
  if (methods.isError)
    return (
      <div role="alert">
        <p>{errorMessageOr(methods.error, t('payment.methodsFailed'))}</p>
        <Button variant="secondary" onClick={() => void methods.refetch()}>
          {t('payment.retry')}
        </Button>
      </div>
    );
  return (
    <PaymentMethodPicker
      methods={methods.data.data}
      total={total}
      value={value}
      onChange={onChange}
    />
  );
}
