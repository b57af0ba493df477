import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './spinner.tsx';
import './ui.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /**
   * While busy the button ignores presses (also a form's implicit submission), shows a spinner and
   * `busyLabel` (e.g. "Logging in..."). It stays focusable (aria-disabled, not disabled): a focused
   * button that became disabled would drop the keyboard user's focus to the page.
   */
  busy?: boolean;
  busyLabel?: ReactNode;
  block?: boolean;
  /** The <button> itself (React 19 passes ref as a prop), e.g. to give it the focus back. */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  block = false,
  className,
  children,
  disabled,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const classes = ['ui-button', `ui-button--${variant}`, block ? 'ui-button--block' : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {busy ? <Spinner size="small" /> : null}
      <span>{busy && busyLabel !== undefined ? busyLabel : children}</span>
    </button>
  );
}
