import '../content/lazy-messages.ts';
import type { PaymentSession } from '@shop/contracts/checkout';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../../auth/hooks/auth-context.ts';
import { isGuestDialogHidden } from '../../checkout/guest-choice.ts';
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
  const [payment, setPayment] = useState<PaymentSession | null>(null);
  const [, navigate] = useLocation();

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
            onSignUp={() => {
              setStep('none');
              // Sign-up → e-mailed code → signed in → back into the checkout (issue 12).
              openAuthDialog('signup', {
                onSuccess: () => {
                  setStep('checkout');
                },
              });
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
              setPayment(session);
            }}
          />
        ) : null}
        {payment ? (
          <PaymentModal
            key={payment.orderId}
            session={payment}
            onClose={() => {
              setPayment(null);
              void cartController.load({ quiet: true });
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
