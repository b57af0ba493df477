import { useEffect, useState, type ReactNode } from 'react';

export const TOOLTIP_MS = 3000;

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  /** Changes on every submit so the same error shows its tooltip again. */
  attempt?: number;
  /** A field-level tooltip that is not an error (e.g. 'Please fill out this field.'). */
  hint?: string | null;
  children: ReactNode;
}

/**
 * Label, control and error: the error shows in a tooltip above the field for 3 seconds and stays
 * below the field (account spec §2 "Field errors appear in a tooltip and below the field").
 */
export function FormField({ id, label, error, attempt = 0, hint, children }: FormFieldProps) {
  const tooltip = hint ?? error ?? null;
  const key = `${tooltip ?? ''}#${attempt}`;
  const [hiddenKey, setHiddenKey] = useState<string | null>(null);

  useEffect(() => {
    if (!tooltip) return;
    const timer = setTimeout(() => {
      setHiddenKey(key);
    }, TOOLTIP_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [key, tooltip]);

  return (
    <div className="auth-field">
      <label htmlFor={id} className="auth-field__label">
        {label}
      </label>
      <div className="auth-field__control">
        {children}
        {tooltip && hiddenKey !== key ? (
          <span className="auth-tooltip" role="tooltip" id={`${id}-tooltip`}>
            {tooltip}
          </span>
        ) : null}
      </div>
      {error ? (
        <p className="auth-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria props for the control inside a FormField. */
export function fieldAria(id: string, error?: string | null) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
