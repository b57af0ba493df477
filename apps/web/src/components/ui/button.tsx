import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner.tsx';
import './ui.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** While busy the button is disabled, shows a spinner and `busyLabel` (e.g. "Logging in..."). */
  busy?: boolean;
  busyLabel?: ReactNode;
  block?: boolean;
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
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <Spinner size="small" /> : null}
      <span>{busy && busyLabel !== undefined ? busyLabel : children}</span>
    </button>
  );
}
