import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import './ui.css';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
}

/** A password field with a show/hide toggle (account spec §2 login and reset forms). */
export function PasswordInput({ className, ref, ...rest }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <span className={['ui-password', className].filter(Boolean).join(' ')}>
      <input {...rest} ref={ref} type={visible ? 'text' : 'password'} className="ui-input" />
      <button
        type="button"
        className="ui-password__toggle"
        onClick={() => {
          setVisible((v) => !v);
        }}
        aria-label={visible ? t('ui.hidePassword') : t('ui.showPassword')}
        aria-pressed={visible}
        aria-controls={rest.id}
      >
        {visible ? (
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M2.3 3.7 3.7 2.3l18 18-1.4 1.4-3.1-3.1A10.8 10.8 0 0 1 12 20C6.5 20 2.7 15.7 1 12a16 16 0 0 1 4.5-5.7Zm5.2 5.2A4 4 0 0 0 13.1 14.5ZM12 4c5.5 0 9.3 4.3 11 8a16.7 16.7 0 0 1-3.5 4.7l-3.6-3.6A4 4 0 0 0 10.9 8.1L8.2 5.4A10.6 10.6 0 0 1 12 4Z"
            />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 4c5.5 0 9.3 4.3 11 8-1.7 3.7-5.5 8-11 8S2.7 15.7 1 12c1.7-3.7 5.5-8 11-8Zm0 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z"
            />
          </svg>
        )}
      </button>
    </span>
  );
}
