import { zodResolver } from '@hookform/resolvers/zod';
import type { CartLine } from '@shop/contracts/cart';
import {
  detectOperator,
  normalizePhone,
  operatorNames,
  type OperatorCode,
} from '@shop/contracts/phone';
import { recipientPhoneSchema } from '@shop/contracts/phone-schemas';
import { useCallback, useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import * as z from 'zod/mini';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formMessage } from '../../../lib/form-messages.ts';
import { pastedPhone, phoneDigitCount, PHONE_FIELD_MAX_LENGTH } from '../../../lib/phone-input.ts';
import { cartController, useCartState } from '../cart-controller.ts';
import { usePhoneFocusRequest } from '../phone-focus-request.ts';

/** The line's number field as a form: the contract's recipient rule for the line's operator. */
const recipientFormSchema = (operator: OperatorCode | null) =>
  z.object({ phoneNumber: recipientPhoneSchema(operator) });
interface RecipientValues {
  phoneNumber: string;
}

/**
 * Worth judging before the field is left: as many digits as the longest number (11, in English or
 * Burmese digits), or anything that is not a number ('Please use English digits only' at once).
 * Shorter numbers are still being typed.
 */
const judgedWhileTyping = (value: string) =>
  phoneDigitCount(value) >= 11 || normalizePhone(value) === null;

/**
 * Recipient number of a top-up or data line (ADR 0021), on react-hook-form with the contract's
 * recipient rule (ADR 0018); the operator is detected while typing. What is typed is kept (the cart
 * controller holds it) and saved on the line as the customer types and when the field is left,
 * with a visible saving / saved / error state (issue 12); there is no Save button (Enter saves).
 */
export function RecipientPhoneField({ line }: { line: CartLine }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const messageId = useId();
  const draft = useCartState().phones.get(line.lineId);
  const saved = line.phoneNumber ? (normalizePhone(line.phoneNumber) ?? '') : '';
  const value = draft?.value ?? saved;
  const form = useRecipientForm(line.operator, value);

  const focus = useCallback(() => {
    form.setFocus('phoneNumber');
  }, [form]);
  const focusRequest = usePhoneFocusRequest(line, focus);

  const rule = form.formState.errors.phoneNumber?.message;
  const error = rule ? formMessage(i18n, rule) : (draft?.error ?? null);
  const status = phoneStatus({ line, value, saved, error, saving: draft?.saving });
  const detected = detectOperator(value);

  const type = (next: string) => {
    cartController.typePhoneNumber(line.lineId, next);
  };
  // Enter saves at once; a number that breaks a rule is not saved (the rule shows).
  const submit = form.handleSubmit(() => cartController.savePhoneNumber(line.lineId));

  return (
    <form className="cart-phone" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id} className="cart-phone__label">
        {t('cart.phoneLabel')}
      </label>
      <div className="cart-phone__row">
        <input
          {...form.register('phoneNumber', {
            onChange: (event: { target: HTMLInputElement }) => {
              type(event.target.value);
            },
            onBlur: () => {
              const tidy = normalizePhone(value);
              if (tidy && tidy !== value) type(tidy);
              void cartController.savePhoneNumber(line.lineId);
            },
          })}
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="09xxxxxxxx"
          maxLength={PHONE_FIELD_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          data-testid="cart-phone-input"
          data-phone-of={line.lineId}
          {...focusRequest}
          onPaste={(event) => {
            type(pastedPhone(event));
          }}
        />
        {detected ? (
          <span className="cart-phone__operator" data-operator={detected}>
            {operatorNames[detected]}
          </span>
        ) : null}
      </div>
      <PhoneStatusMessage id={messageId} status={status} error={error} />
    </form>
  );
}

/**
 * The field's form, with the contract's rule for the line's operator. It follows what the
 * controller holds (typed, pasted, tidied, or the number once saved) and judges it once it is
 * worth judging; until then no rule is shown.
 */
function useRecipientForm(operator: OperatorCode | null, value: string) {
  const schema = useMemo(() => recipientFormSchema(operator), [operator]);
  const form = useForm<RecipientValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { phoneNumber: value },
    // The effect below judges every change; react-hook-form only on Enter.
    reValidateMode: 'onSubmit',
  });
  const { touchedFields, isSubmitted } = form.formState;
  const judged = Boolean(touchedFields.phoneNumber) || isSubmitted || judgedWhileTyping(value);

  useEffect(() => {
    if (form.getValues('phoneNumber') !== value) form.setValue('phoneNumber', value);
    if (judged) void form.trigger('phoneNumber');
    else form.clearErrors('phoneNumber');
  }, [form, value, judged]);
  return form;
}

type PhoneStatus = 'error' | 'saving' | 'saved' | 'missing' | 'typing';

/** Where the line's number stands: a rule or save broken, being saved, saved, none yet, typing. */
function phoneStatus({
  line,
  value,
  saved,
  error,
  saving,
}: {
  line: CartLine;
  value: string;
  saved: string;
  error: string | null;
  saving: boolean | undefined;
}): PhoneStatus {
  if (error) return 'error';
  if (saving) return 'saving';
  if (line.phoneNumber !== null && normalizePhone(value) === saved) return 'saved';
  return line.phoneNumber === null ? 'missing' : 'typing';
}

/** The line under the field (read out politely): the error, saving…, saved or "enter a number". */
function PhoneStatusMessage({
  id,
  status,
  error,
}: {
  id: string;
  status: PhoneStatus;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <p
      id={id}
      className={`cart-phone__message cart-phone__message--${status}`}
      aria-live="polite"
      data-testid="cart-phone-status"
      data-state={status}
    >
      {status === 'error' ? (
        <span className="cart-phone__error">{error}</span>
      ) : status === 'saving' ? (
        <>
          <Spinner size="small" /> {t('cart.phoneSaving')}
        </>
      ) : status === 'saved' ? (
        <>
          <span aria-hidden="true">✓ </span>
          {t('cart.phoneSaved')}
        </>
      ) : status === 'missing' ? (
        t('cart.phoneMissing')
      ) : null}
    </p>
  );
}
