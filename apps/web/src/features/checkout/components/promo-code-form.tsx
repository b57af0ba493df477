import { zodResolver } from '@hookform/resolvers/zod';
import { PROMO_CODE_MAX_LENGTH } from '@shop/contracts/checkout';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { ApiError, errorMessageOr } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';

/**
 * What a customer may type: the server's rule (letters, digits, "-" and "_"), spaces around it.
 * The message is an i18n key of the (lazy) checkout strings: the form's own rule (ADR 0018).
 */
const promoCodeFormSchema = z.object({
  promoCode: z.string().check(
    z.regex(new RegExp(`^\\s*[A-Za-z0-9_-]{1,${String(PROMO_CODE_MAX_LENGTH)}}\\s*$`), {
      error: 'checkout.promo.invalid',
    }),
  ),
});
type PromoCodeValues = z.output<typeof promoCodeFormSchema>;

/**
 * The checkout's promo-code field (issue 17, ADR 0035), on react-hook-form with a contract rule
 * (ADR 0018): Apply sends the code with the checkout call, whose answer is the order with the
 * discount; a refusal (unknown, expired, used up, minimum spend…) shows under the field, in the
 * page's language, tied to it with aria-describedby. Once applied: the code, what it takes off
 * and a Remove button.
 */
export function PromoCodeForm({
  applied,
  onApply,
  onRemove,
}: {
  applied: { code: string; discount: number } | null;
  /** Resolves once the order with the code is shown; rejects with the server's refusal. */
  onApply: (code: string) => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm<PromoCodeValues>({
    resolver: zodResolver(promoCodeFormSchema),
    defaultValues: { promoCode: '' },
  });
  const { errors, isSubmitting, submitCount } = form.formState;
  const error = errors.promoCode?.message;

  const submit = form.handleSubmit(async ({ promoCode }) => {
    try {
      await onApply(promoCode.trim());
      form.reset({ promoCode: '' });
    } catch (caught) {
      const refusal = caught instanceof ApiError ? caught.fields?.promoCode : undefined;
      form.setError(
        'promoCode',
        { message: refusal ?? errorMessageOr(caught, t('checkout.promo.failed')) },
        { shouldFocus: true },
      );
    }
  });

  if (applied) return <AppliedPromoCode applied={applied} onRemove={onRemove} />;

  return (
    <form className="checkout-promo" onSubmit={(event) => void submit(event)} noValidate>
      <FormField id={id} label={t('checkout.promo.label')} error={error} attempt={submitCount}>
        <div className="checkout-promo__row">
          <input
            {...form.register('promoCode')}
            {...fieldAria(id, error)}
            className="ui-input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={PROMO_CODE_MAX_LENGTH + 8}
            data-testid="promo-code-input"
          />
          <Button
            type="submit"
            variant="secondary"
            busy={isSubmitting}
            busyLabel={t('checkout.promo.applying')}
            data-testid="promo-code-apply"
          >
            {t('checkout.promo.apply')}
          </Button>
        </div>
      </FormField>
    </form>
  );
}

/** The code the order has, what it takes off, and Remove (busy until the order is shown again). */
function AppliedPromoCode({
  applied,
  onRemove,
}: {
  applied: { code: string; discount: number };
  onRemove: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState(false);
  return (
    <div className="checkout-promo checkout-promo--applied">
      <p role="status" data-testid="promo-applied">
        {t('checkout.promo.applied', {
          code: applied.code,
          amount: formatKyat(applied.discount, currentLanguage()),
        })}
      </p>
      <Button
        variant="ghost"
        busy={removing}
        data-testid="promo-code-remove"
        onClick={() => {
          setRemoving(true);
          void onRemove().finally(() => {
            setRemoving(false);
          });
        }}
      >
        {t('checkout.promo.remove')}
      </Button>
    </div>
  );
}
