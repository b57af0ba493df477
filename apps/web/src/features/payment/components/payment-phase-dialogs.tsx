import type { PaymentSession } from '@shop/contracts/checkout';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Code } from '../../../components/ui/code-in-text.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCountdown } from '../../../lib/dates.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ApproxPrice } from '../../currency/index.ts';
import { PaymentRecipients } from './payment-recipients.tsx';

/*
 * The payment modal's phases other than the QR itself (paying-dialog.tsx): the pill it shrinks
 * to, and the delivering, success and expired dialogs. Each phase is its own component, so its
 * dialog mounts anew and takes focus to its first action.
 */

/**
 * The pending-payment pill. Named by what it shows, then what it does: a name that hid the visible
 * text would fail voice control users, who say what they see (WCAG 2.5.3, axe
 * label-content-name-mismatch).
 */
export function MinimizedPayment({
  secondsLeft,
  onExpand,
}: {
  secondsLeft: number;
  onExpand: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="payment-minimized"
      data-testid="payment-expand"
      onClick={onExpand}
    >
      <span className="payment-minimized__dot" aria-hidden="true" />
      {t('payment.minimizedLabel', { time: formatCountdown(secondsLeft, currentLanguage()) })}{' '}
      <span className="visually-hidden">{t('payment.expand')}</span>
    </button>
  );
}

/** The amount, the order number and where the top-ups go, above every phase. */
export function PaymentSummary({ session }: { session: PaymentSession }) {
  const { t } = useTranslation();
  return (
    <dl className="payment-summary">
      <div>
        <dt>{t('payment.amount')}</dt>
        <dd>
          <span data-testid="payment-amount">{formatKyat(session.amount, currentLanguage())}</span>
          <ApproxPrice kyat={session.amount} />
        </dd>
      </div>
      <div>
        <dt>{t('payment.orderId')}</dt>
        <dd>
          <Code>{session.orderNumber}</Code>
        </dd>
      </div>
      <PaymentRecipients session={session} />
    </dl>
  );
}

/** Paid: the order is being delivered. */
export function DeliveringDialog({
  summary,
  onClose,
}: {
  summary: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} size="small" title={t('payment.deliveringTitle')}>
      <div className="payment-wait" role="status" data-testid="payment-delivering">
        <Spinner />
        <p>{t('payment.delivering')}</p>
      </div>
      {summary}
    </Dialog>
  );
}

/** Paid and delivered: "Payment successful", and the way to the order. */
export function SuccessDialog({
  summary,
  orderPath,
  onClose,
}: {
  summary: ReactNode;
  orderPath: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <Dialog open onClose={onClose} size="small" title={t('payment.successTitle')}>
      <div className="payment-success" data-testid="payment-success">
        <span className="payment-success__icon" aria-hidden="true">
          ✓
        </span>
        <p>{t('payment.success')}</p>
        {summary}
        <Button
          block
          data-autofocus
          onClick={() => {
            navigate(`${orderPath}?status=success`);
            onClose();
          }}
        >
          {t('payment.goToOrder')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The QR's time ran out: Pay Again (a new QR) or Cancel (the order). */
export function ExpiredDialog({
  summary,
  busy,
  onPayAgain,
  onCancel,
  onClose,
}: {
  summary: ReactNode;
  busy: 'cancel' | 'regenerate' | null;
  onPayAgain: () => void;
  onCancel: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      size="small"
      title={t('payment.expiredTitle')}
      dismissible={false}
    >
      <div data-testid="payment-expired">
        <p className="payment-expired">{t('payment.expired')}</p>
        {summary}
        <div className="payment-actions">
          <Button variant="secondary" busy={busy === 'cancel'} onClick={onCancel}>
            {t('payment.cancel')}
          </Button>
          <Button busy={busy === 'regenerate'} onClick={onPayAgain}>
            {t('payment.payAgain')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
