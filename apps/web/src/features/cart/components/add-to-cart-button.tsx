import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cartController, useCartState } from '../cart-controller.ts';

/**
 * "Add to cart" on a product card: busy while the call runs; the header badge bounces after.
 * `phoneNumber`: the recipient typed on the listing, stored on the cart line with the add.
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
  const busy = useCartState().busy.has(productId);
  return (
    <Button
      className="add-to-cart"
      variant="primary"
      busy={busy}
      busyLabel={t('cart.adding')}
      disabled={disabled}
      aria-label={t('cart.addLabel', { name })}
      data-testid="add-to-cart"
      onClick={() => {
        void cartController.add(productId, 1, phoneNumber);
      }}
    >
      {t('cart.add')}
    </Button>
  );
}
