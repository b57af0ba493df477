import '../content/messages.ts';
import '../privacy.css';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useBlockingDialogOpen } from '../../../components/ui/blocking-dialogs.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { loadCartController } from '../../cart/index.ts';
import { useConsent } from '../consent-store.ts';
import { analyticsPagePath } from '../page-path.ts';
import { track } from '../track.ts';
import { ConsentBanner } from './consent-banner.tsx';

/**
 * Mounted by the app after the page has loaded (none of this is in a page's first JavaScript):
 * the cookie banner until it is answered (not while a modal dialog is open) and, once analytics are accepted, a page_view for every
 * page (also the one on which they were) and an add_to_cart for every add the server confirmed.
 * (begin_checkout and purchase are tracked by the checkout and payment dialogs.)
 */
export default function PrivacyHost() {
  const consent = useConsent();
  const [path] = useLocation();
  const dialogOpen = useBlockingDialogOpen();

  useEffect(() => {
    if (consent !== 'granted') return;
    track('page_view', { page_path: analyticsPagePath(path), language: currentLanguage() });
  }, [consent, path]);

  useEffect(() => {
    if (consent !== 'granted') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    loadCartController().then(
      (cart) => {
        if (cancelled) return;
        stop = cart.onAdded((line, quantity) => {
          track('add_to_cart', {
            item_id: line.productId,
            item_type: line.type,
            quantity,
            value: (line.discountPrice ?? line.price) * quantity,
          });
        });
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [consent]);

  // The banner waits while a modal dialog is open (ADR 0053): dimmed behind the checkout's
  // backdrop, a tap meant for it would close the checkout.
  return consent === null && !dialogOpen ? <ConsentBanner /> : null;
}
