import '../content/button-messages.ts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { cartControllerNow, useCartBusy, useCartControllerWhenIdle } from '../cart-when-loaded.ts';

/**
 * "Add to cart" on a product card: busy while the call runs; the header badge bounces after.
 * `phoneNumber`: the recipient typed on the listing, stored on the cart line with the add. The cart
 * controller is not in the listing's first JavaScript: it arrives when the page is idle, or with
 * the first tap, which then adds once it has (issue 29).
 */
export function AddToCartButton({
  productId,
  name,
  disabled = false,
  phoneNumber,
}: {
  productId: string;
  name: string;
  disabled?: boolean;
  phoneNumber?: string | undefined;
}) {
  const { t } = useTranslation();
  const busy = useCartBusy(productId);
  // A tap before the controller has arrived: busy until it has, then the add itself is.
  const [arriving, setArriving] = useState(false);
  useCartControllerWhenIdle();
  return (
    <Button
      className="add-to-cart"
      variant="primary"
      busy={busy || arriving}
      busyLabel={t('cart.adding')}
      disabled={disabled}
      aria-label={t('cart.addLabel', { name })}
      data-testid="add-to-cart"
      onClick={() => {
        setArriving(true);
        cartControllerNow()
          .then(async (cart) => {
            setArriving(false);
            await cart.add(productId, 1, phoneNumber);
          })
          .catch(() => {
            // Only the controller's code can fail here (the add reports its own failures).
            setArriving(false);
            toast.error(t('ui.networkLost'));
          });
      }}
    >
      {t('cart.add')}
    </Button>
  );
}
