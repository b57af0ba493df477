import '../content/lazy-messages.ts';
import '../payment.css';
import type { PaymentSession } from '@shop/contracts/checkout';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useCheckoutBodyClass } from '../../checkout/index.ts';
import { ChangePaymentMethod } from './change-payment-method.tsx';
import { PayingDialog } from './paying-dialog.tsx';
import {
  DeliveringDialog,
  ExpiredDialog,
  MinimizedPayment,
  PaymentSummary,
  SuccessDialog,
} from './payment-phase-dialogs.tsx';
import { orderPathOf, usePaymentFlow } from './use-payment-flow.ts';

/**
 * The modal's end for a paid order that failed, wholly or partly (ADR 0020): what happened per line
 * and the refund. Drawn by the orders feature, which reads the order; the app gives it to the modal.
 */
export interface PaymentOutcomeProps {
  orderId: string;
  /** The payment's summary (amount, method), shown above the outcome. */
  summary: ReactNode;
  onClose: () => void;
}

/**
 * Payment modal (spec §4 "Payment QR modal"): the MM QR code with a 300 s countdown (or the A+ /
 * direct-transfer wait screen), minimise and expand, payment status polled every 3 s — paid goes
 * to /orders/{id}?status=success, failed to ?status=failed — an expired state with Pay Again and
 * Cancel, and Cancel Payment behind a confirmation. The state is usePaymentFlow's; this draws
 * its phase.
 */
export function PaymentModal({
  session: initialSession,
  deadline: initialDeadline,
  startMinimized = false,
  onClose,
  Outcome,
}: {
  session: PaymentSession;
  /** When the QR stops being payable (a saved payment shown again); else now + its seconds. */
  deadline?: number;
  /** Shown as the pending-payment pill (a payment restored after a reload). */
  startMinimized?: boolean;
  onClose: () => void;
  /** The end of a paid order that failed, wholly or partly: the orders feature's (given by the app). */
  Outcome: ComponentType<PaymentOutcomeProps>;
}) {
  const flow = usePaymentFlow(initialSession, initialDeadline, startMinimized, onClose);
  const { session, phase, close, setMinimized } = flow;
  const [changingMethod, setChangingMethod] = useState(false);
  const [, navigate] = useLocation();
  useCheckoutBodyClass(!flow.minimized);
  const orderPath = orderPathOf(session.orderId);

  if (flow.minimized) {
    return (
      <MinimizedPayment
        secondsLeft={flow.secondsLeft}
        onExpand={() => {
          setMinimized(false);
        }}
      />
    );
  }
  if (changingMethod) {
    return (
      <ChangePaymentMethod
        session={session}
        onBack={() => {
          setChangingMethod(false);
        }}
        onStarted={(next) => {
          setChangingMethod(false);
          flow.adopt(next);
        }}
      />
    );
  }
  const summary = <PaymentSummary session={session} />;
  if (phase === 'delivering') return <DeliveringDialog summary={summary} onClose={close} />;
  if (phase === 'outcome') {
    return <Outcome orderId={session.orderId} summary={summary} onClose={close} />;
  }
  if (phase === 'success') {
    return <SuccessDialog summary={summary} orderPath={orderPath} onClose={close} />;
  }
  if (phase === 'expired') {
    return (
      <ExpiredDialog
        summary={summary}
        busy={flow.busy}
        onPayAgain={() => void flow.payAgain()}
        onCancel={() => void flow.cancelOrder()}
        onClose={close}
      />
    );
  }
  return (
    <PayingDialog
      session={session}
      summary={summary}
      secondsLeft={flow.secondsLeft}
      actions={{
        minimize: () => {
          setMinimized(true);
        },
        openOrder: () => {
          setMinimized(true);
          navigate(orderPath);
        },
        changeMethod: () => {
          setChangingMethod(true);
        },
        cancelOrder: () => void flow.cancelOrder(),
        cancelling: flow.busy === 'cancel',
      }}
    />
  );
}
