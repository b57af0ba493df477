import '../features/cart/content/lazy-messages.ts';
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../lib/api-client.ts';
import { useAuth } from '../features/auth/index.ts';
import { cartBadge, cartController, CartDrawer, useCartBadge } from '../features/cart/index.ts';
import {
  isGuestDialogHidden,
  loadCheckoutDialog,
  loadLoginRequiredDialog,
} from '../features/checkout/index.ts';
import {
  forgetPayment,
  loadPaymentModal,
  paymentApi,
  paymentHost,
  savedPayment,
  usePaymentHost,
} from '../features/payment/index.ts';

const LoginRequiredDialog = lazy(async () => ({
  default: (await loadLoginRequiredDialog()).LoginRequiredDialog,
}));
const CheckoutDialog = lazy(async () => ({
  default: (await loadCheckoutDialog()).CheckoutDialog,
}));
// The modal and the end it shows for a paid order that failed (the orders feature's: it reads the
// order) load together, as when the modal held it: the end shows at once when it comes. Its loader
// is here, not in orders' index.ts: that index is in every page's start (app.tsx), the loader's
// list of chunks to preload would be too.
const PaymentModal = lazy(async () => {
  const [{ PaymentModal: Modal }, { PaymentOutcome }] = await Promise.all([
    loadPaymentModal(),
    import('../features/orders/components/payment-outcome.tsx'),
  ]);
  function PaymentModalWithOutcome(props: Omit<ComponentProps<typeof Modal>, 'Outcome'>) {
    return <Modal {...props} Outcome={PaymentOutcome} />;
  }
  return { default: PaymentModalWithOutcome };
});

type Step = 'none' | 'login-required' | 'checkout';

/**
 * Everything that opens from the cart button, loaded on first use: the drawer, the
 * login-required dialog, the checkout dialog and the payment modal (which stays, possibly
 * minimised, while the customer moves around the shop). The app's, not the cart's: it leads from
 * the cart to checkout, payment and the order (issue 30: a feature does not reach the ones above
 * it; the header's cart button mounts it, given by app/router.tsx).
 */
export default function ShopOverlays() {
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
