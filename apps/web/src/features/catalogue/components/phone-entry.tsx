import '../content/lazy-messages.ts';
import {
  detectOperator,
  operatorNames,
  validatePhone,
  type OperatorCode,
} from '@shop/contracts/phone';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const digits = value.replace(/\D/g, '').length;
  const validation = validatePhone(value);
  const showError = !validation.valid && value.trim() !== '' && (touched || digits >= 11);
  return (
    <div className="phone-entry">
      <label htmlFor={inputId} className="phone-entry__label">
        {t('catalogue.phone.label')}
      </label>
      <div className="phone-entry__field">
        <input
          id={inputId}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="09xxxxxxxx"
          maxLength={16}
          value={value}
          aria-describedby={`${hintId} ${messageId}`}
          aria-invalid={showError || undefined}
          onChange={(event) => {
            const next = event.target.value;
            onChange(next);
            const detected = detectOperator(next);
            if (detected && detected !== detectOperator(value)) onOperatorDetected(detected);
          }}
          onBlur={() => {
            setTouched(true);
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
        {t('catalogue.phone.hint')}
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
