import '../content/lazy-messages.ts';
import {
  detectOperator,
  normalizePhone,
  operatorNames,
  validatePhone,
  type OperatorCode,
} from '@shop/contracts/phone';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Code, CODE_SLOT } from '../../../components/ui/code-in-text.tsx';
import { pastedPhone, phoneDigitCount, PHONE_FIELD_MAX_LENGTH } from '../../../lib/phone-input.ts';

/**
 * Phone entry for top-ups and data packages: hint 09xxxxxxxx, the operator detected live from the
 * number with the shared phone rules (contracts/phone.ts), and the rule broken once the number is
 * long enough to judge.
 */
export function PhoneEntry({
  value,
  onChange,
  onOperatorDetected,
}: {
  value: string;
  onChange: (value: string) => void;
  onOperatorDetected: (operator: OperatorCode) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const messageId = useId();
  const [touched, setTouched] = useState(false);
  const operator = detectOperator(value);
  const digits = phoneDigitCount(value);
  const validation = validatePhone(value);
  const showError =
    !validation.valid &&
    value.trim() !== '' &&
    (touched || digits >= 11 || validation.error.code === 'digits_only');
  const change = (next: string) => {
    onChange(next);
    const detected = detectOperator(next);
    if (detected && detected !== detectOperator(value)) onOperatorDetected(detected);
  };
  const input = useRef<HTMLInputElement>(null);
  const takeTyped = useEffectEvent(change);
  useEffect(() => {
    // A number typed into the server's HTML before the app took the page over (issue 29) is in the
    // field but not yet in the app: the app takes it, as if typed now.
    const typed = input.current?.value ?? '';
    if (typed !== '') takeTyped(typed);
  }, []);
  return (
    <div className="phone-entry">
      <label htmlFor={inputId} className="phone-entry__label">
        {t('catalogue.phone.label')}
      </label>
      <div className="phone-entry__field">
        <input
          ref={input}
          id={inputId}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="09xxxxxxxx"
          maxLength={PHONE_FIELD_MAX_LENGTH}
          value={value}
          aria-describedby={`${hintId} ${messageId}`}
          aria-invalid={showError || undefined}
          data-testid="listing-phone-input"
          onChange={(event) => {
            change(event.target.value);
          }}
          onPaste={(event) => {
            change(pastedPhone(event));
          }}
          onBlur={() => {
            setTouched(true);
            // "+95 9 421 234 567" typed by hand reads 09421234567 once the field is left.
            const tidy = normalizePhone(value);
            if (tidy && tidy !== value) onChange(tidy);
          }}
        />
        {operator ? (
          <span
            className="phone-entry__operator"
            data-operator={operator}
            data-testid="detected-operator"
          >
            {operatorNames[operator]}
          </span>
        ) : null}
      </div>
      <p id={hintId} className="phone-entry__hint">
        <Code text={t('catalogue.phone.hint', { example: CODE_SLOT })}>09xxxxxxxx</Code>
      </p>
      <p id={messageId} className="phone-entry__message" aria-live="polite">
        {showError ? (
          <span className="form-message--error">
            {t(`catalogue.phone.errors.${validation.error.code}`, {
              operator: validation.error.params.operator ?? '',
              n: validation.error.params.n ?? '',
            })}
          </span>
        ) : operator ? (
          t('catalogue.phone.detected', { operator: operatorNames[operator] })
        ) : null}
      </p>
    </div>
  );
}
