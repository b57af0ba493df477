import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { formMessage } from '../../lib/form-messages.ts';
import './ui.css';

export const TOOLTIP_MS = 3000;

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** The field's error as the form holds it (an i18n key, a schema message or a server text). */
  error?: string | null | undefined;
  /** Changes on every submit so the same error shows its tooltip again (the form's submitCount). */
  attempt?: number;
  /** Always shown below the control (e.g. the password rules, before anything is submitted). */
  hint?: ReactNode;
  children: ReactNode;
}

/**
 * Label, control and error of every form (ADR 0018): the error shows in a tooltip above the field
 * for 3 seconds and stays below the field (account spec §2 "Field errors appear in a tooltip and
 * below the field"), in the page's language. Give the control `fieldAria(id, error, hint)`.
 */
export function FormField({ id, label, error, attempt = 0, hint, children }: FormFieldProps) {
  const { i18n } = useTranslation();
  const text = error ? formMessage(i18n, error) : null;
  const key = `${text ?? ''}#${String(attempt)}`;
  const [hiddenKey, setHiddenKey] = useState<string | null>(null);

  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => {
      setHiddenKey(key);
    }, TOOLTIP_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [key, text]);

  return (
    <div className="ui-field">
      <label htmlFor={id} className="ui-field__label">
        {label}
      </label>
      <div className="ui-field__control">
        {children}
        {text && hiddenKey !== key ? (
          <span className="ui-tooltip" role="tooltip" id={`${id}-tooltip`}>
            {text}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p className="ui-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {text ? (
        <p className="ui-field__error" id={`${id}-error`}>
          {text}
        </p>
      ) : null}
    </div>
  );
}

/** aria props for the control inside a FormField. */
export function fieldAria(id: string, error?: string | null, hint?: boolean) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/**
 * An e-mail address field's input inside a FormField with a hint (the codes address at checkout
 * and when the codes are sent again): the same attributes wherever an address is typed.
 */
export function EmailInput({
  id,
  error,
  value,
  onChange,
  onBlur,
  testId,
}: {
  id: string;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  testId: string;
}) {
  return (
    <input
      {...fieldAria(id, error, true)}
      className="ui-input"
      type="email"
      inputMode="email"
      autoComplete="email"
      spellCheck={false}
      value={value}
      data-testid={testId}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      onBlur={onBlur}
    />
  );
}
