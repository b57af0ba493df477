import '../content/lazy-messages.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../auth/index.ts';
import { isGuestDialogHidden } from '../../checkout/guest-choice.ts';
import { paymentApi } from '../../payment/api/payment-api.ts';
import {
  forgetPayment,
  paymentHost,
  savedPayment,
  usePaymentHost,
} from '../../payment/pending-payment.ts';
import { cartBadge, useCartBadge } from '../cart-badge-store.ts';
import { cartController } from '../cart-controller.ts';
import { CartDrawer } from './cart-drawer.tsx';

const LoginRequiredDialog = lazy(async () => ({
  default: (await import('../../checkout/components/login-required-dialog.tsx'))
    .LoginRequiredDialog,
}));
const CheckoutDialog = lazy(async () => ({
  default: (await import('../../checkout/components/checkout-dialog.tsx')).CheckoutDialog,
}));
const PaymentModal = lazy(async () => ({
  default: (await import('../../payment/components/payment-modal.tsx')).PaymentModal,
}));

type Step = 'none' | 'login-required' | 'checkout';

/**
 * Everything that opens from the cart button, loaded on first use: the drawer, the
 * login-required dialog, the checkout dialog and the payment modal (which stays, possibly
 * minimised, while the customer moves around the shop).
 */
export default function CartOverlays() {
  const { status, openAuthDialog } = useAuth();
  const { drawerOpen } = useCartBadge();
  const [step, setStep] = useState<Step>('none');
  const host = usePaymentHost();
  const payment = host.payment;
  const [, navigate] = useLocation();

  // A payment still payable when the page was left (reloaded, the tab closed): once signed in,
  // its order is asked whether it still waits for that payment; if so, the pill shows again
  // (ADR 0054).
  useEffect(() => {
    if (status !== 'authenticated' || paymentHost.get().payment) return;
    const saved = savedPayment();
    if (!saved) return;
    const controller = new AbortController();
    paymentApi
      .status(saved.session.orderId, controller.signal)
      .then(({ data }) => {
        if (paymentHost.get().payment) return;
        // The same QR still open (not replaced by a Pay Again on another screen).
        const same =
          data.expiresAt !== null &&
          Math.abs(Date.parse(data.expiresAt) - Date.parse(saved.session.expiresAt)) < 1000;
        if (data.status === 'pending' && data.paymentStatus === 'pending' && same)
          paymentHost.open(saved.session, { deadline: saved.deadline, minimized: true });
        else forgetPayment(saved.session.orderId);
      })
      .catch((error: unknown) => {
        // Another account's order (404) or gone: not this person's payment. Offline: kept.
        if (error instanceof ApiError && error.status === 404) forgetPayment(saved.session.orderId);
      });
    return () => {
      controller.abort();
    };
  }, [status]);

  const startCheckout = () => {
    cartBadge.closeDrawer();
    if (status === 'authenticated') {
      setStep('checkout');
      return;
    }
    const openCheckoutAfterLogin = {
      onSuccess: () => {
        setStep('checkout');
      },
    };
    // After 'Continue as Guest' the dialog stays hidden for 6 hours; checkout still needs an
    // account (spec §5 'User not authenticated'), so the login dialog opens directly instead.
    if (isGuestDialogHidden()) openAuthDialog('login', openCheckoutAfterLogin);
    else setStep('login-required');
  };

  return (
    <>
      <CartDrawer
        open={drawerOpen}
        onClose={() => {
          cartBadge.closeDrawer();
        }}
        onCheckout={startCheckout}
      />
      <Suspense fallback={null}>
        {step === 'login-required' ? (
          <LoginRequiredDialog
            onClose={() => {
              setStep('none');
            }}
            onLogin={() => {
              setStep('none');
              openAuthDialog('login', {
                onSuccess: () => {
                  setStep('checkout');
                },
              });
            }}
            onSignedUp={() => {
              // Sign-up inside this dialog → e-mailed code → signed in → back into the checkout
              // with the same cart (issues 12 and 26).
              setStep('checkout');
            }}
          />
        ) : null}
        {step === 'checkout' ? (
          <CheckoutDialog
            onClose={() => {
              setStep('none');
            }}
            onPaymentStarted={(session) => {
              setStep('none');
              void cartController.load({ quiet: true });
              // Paid at once (points): nothing to scan or wait for.
              if (session.paymentStatus === 'paid') {
                navigate(`/orders/${encodeURIComponent(session.orderId)}?status=success`);
                return;
              }
              paymentHost.open(session);
            }}
          />
        ) : null}
        {payment ? (
          <PaymentModal
            key={host.opened}
            session={payment.session}
            deadline={payment.deadline}
            startMinimized={host.minimized}
            onClose={() => {
              paymentHost.closed();
              void cartController.load({ quiet: true });
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
