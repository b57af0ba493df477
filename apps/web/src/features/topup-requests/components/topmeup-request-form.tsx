import { localDigits } from '@shop/contracts/languages';
import {
  detectOperator,
  normalizePhone,
  operatorNames,
  validatePhone,
} from '@shop/contracts/phone';
import { TOPUP_REQUEST_NOTE_MAX } from '@shop/contracts/topup-request-messages';
import type { OwnTopupRequest } from '@shop/contracts/topup-requests';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { pastedPhone, PHONE_FIELD_MAX_LENGTH } from '../../../lib/phone-input.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuth } from '../../auth/index.ts';
import { OperatorProductOptions, useOperatorProducts } from '../../catalogue/index.ts';
import { topupRequestsApi } from '../api/topup-requests-api.ts';

type RequestFormState = ReturnType<typeof useRequestForm>;

/** The new request's form: number, product of its operator, note. */
export function RequestForm({ onCreated }: { onCreated: (request: OwnTopupRequest) => void }) {
  const { t } = useTranslation();
  const form = useRequestForm(onCreated);
  const { operator, errors } = form;

  return (
    <section className="topmeup-form-card" aria-labelledby="topmeup-form-heading">
      <h2 id="topmeup-form-heading">{t('topmeup.form.heading')}</h2>
      <form
        noValidate
        data-testid="topmeup-form"
        onSubmit={(event) => {
          event.preventDefault();
          void form.create();
        }}
      >
        <PhoneField form={form} />
        {operator ? (
          <p className="topmeup-operator" data-testid="topmeup-operator">
            {t('topmeup.form.operator', { operator: operatorNames[operator] })}
          </p>
        ) : null}
        <ProductField form={form} />
        <NoteField form={form} />
        {errors.form ? (
          <p className="form-message--error" role="alert" data-testid="topmeup-form-error">
            {errors.form}
          </p>
        ) : null}
        <Button
          type="submit"
          busy={form.saving}
          busyLabel={t('topmeup.form.creating')}
          data-testid="topmeup-create"
        >
          {t('topmeup.form.create')}
        </Button>
      </form>
    </section>
  );
}

/**
 * The form's values (the number starts as the customer's own), its errors once checked, and
 * `create`: checks the number and the product, then asks for the request.
 */
function useRequestForm(onCreated: (request: OwnTopupRequest) => void) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [phone, setPhone] = useState(() =>
    user?.phoneNumber ? (normalizePhone(user.phoneNumber) ?? '') : '',
  );
  const [productId, setProductId] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; product?: string; form?: string }>({});
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const operator = detectOperator(phone);

  const create = async () => {
    setAttempt((n) => n + 1);
    const checked = validatePhone(phone);
    const found = {
      phone: checked.valid ? undefined : checked.error.message,
      product: productId ? undefined : t('topmeup.form.choose'),
    };
    setErrors(found);
    if (!checked.valid || found.product) return;
    setSaving(true);
    try {
      const answer = await topupRequestsApi.create({
        phoneNumber: checked.international,
        productId,
        note,
      });
      toast.success(answer.message);
      setNote('');
      setProductId('');
      onCreated(answer.data);
    } catch (caught) {
      setErrors({ form: errorMessageOr(caught, t('topmeup.form.failed')) });
    } finally {
      setSaving(false);
    }
  };
  const values = { phone, productId, note, operator };
  const setters = { setPhone, setProductId, setNote, setErrors };
  return { ...values, ...setters, errors, attempt, saving, create };
}

/** The number; a number of another operator clears the product chosen. */
function PhoneField({ form }: { form: RequestFormState }) {
  const { t } = useTranslation();
  const id = useId();
  const { phone, operator, errors, setPhone, setProductId, setErrors } = form;
  return (
    <FormField
      id={id}
      label={t('topmeup.form.phone')}
      error={errors.phone}
      attempt={form.attempt}
      hint={t('topmeup.form.phoneHint')}
    >
      <input
        className="ui-input"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="09xxxxxxxx"
        maxLength={PHONE_FIELD_MAX_LENGTH}
        value={phone}
        data-testid="topmeup-phone"
        {...fieldAria(id, errors.phone, true)}
        onChange={(event) => {
          const next = event.target.value;
          if (detectOperator(next) !== operator) setProductId('');
          setPhone(next);
          setErrors((e) => ({ ...e, phone: undefined }));
        }}
        onPaste={(event) => {
          setPhone(pastedPhone(event));
        }}
      />
    </FormField>
  );
}

/** The products of the number's operator (off until the number shows one). */
function ProductField({ form }: { form: RequestFormState }) {
  const { t } = useTranslation();
  const id = useId();
  const { operator, productId, errors, setProductId, setErrors } = form;
  const products = useOperatorProducts(operator);
  return (
    <FormField
      id={id}
      label={t('topmeup.form.product')}
      error={errors.product}
      attempt={form.attempt}
    >
      <select
        className="ui-input"
        value={productId}
        disabled={operator === null}
        aria-busy={products.isFetching || undefined}
        data-testid="topmeup-product"
        {...fieldAria(id, errors.product)}
        onChange={(event) => {
          setProductId(event.target.value);
          setErrors((e) => ({ ...e, product: undefined }));
        }}
      >
        <option value="">
          {operator === null
            ? t('topmeup.form.enterNumberFirst')
            : products.isFetching
              ? t('topmeup.form.productsLoading')
              : t('topmeup.form.choose')}
        </option>
        <OperatorProductOptions products={products.products} />
      </select>
    </FormField>
  );
}

function NoteField({ form }: { form: RequestFormState }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormField
      id={id}
      label={t('topmeup.form.note')}
      hint={t('topmeup.form.noteHint', {
        max: localDigits(String(TOPUP_REQUEST_NOTE_MAX), currentLanguage()),
      })}
    >
      <textarea
        className="ui-input topmeup-note"
        rows={2}
        maxLength={TOPUP_REQUEST_NOTE_MAX}
        value={form.note}
        data-testid="topmeup-note"
        {...fieldAria(id, null, true)}
        onChange={(event) => {
          form.setNote(event.target.value);
        }}
      />
    </FormField>
  );
}
