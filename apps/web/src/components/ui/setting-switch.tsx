import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import './setting-switch.css';

interface SettingSwitchProps {
  label: string;
  hint: string;
  checked: boolean;
  busy?: boolean;
  disabled?: boolean;
  onToggle: () => void;
  testId: string;
}

/** An on/off switch (a button with role="switch"), its label and hint read with it. */
export function SettingSwitch({
  label,
  hint,
  checked,
  busy,
  disabled,
  onToggle,
  testId,
}: SettingSwitchProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="setting-switch">
      <div className="setting-switch__text">
        <span id={labelId} className="setting-switch__label">
          {label}
        </span>
        <span id={hintId} className="setting-switch__hint">
          {hint}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        className="setting-switch__control"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        aria-busy={busy || undefined}
        disabled={disabled}
        onClick={() => {
          if (!busy) onToggle();
        }}
        data-testid={testId}
      >
        <span className="setting-switch__thumb" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * A section of Account settings: its heading and hint, its switches (`children`), the status line
 * that says what the last switch did, and anything shown below it (`after`).
 */
export function SettingsSection({
  title,
  hint,
  className,
  testId,
  status,
  statusTestId,
  children,
  after,
}: {
  title: string;
  hint: string;
  className?: string;
  testId: string;
  status: string;
  statusTestId: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      className={`auth-card settings-section${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <h2 id={titleId}>{title}</h2>
      <p className="setting-switch-hint">{hint}</p>
      {children}
      <p className="setting-switch-status" role="status" data-testid={statusTestId}>
        {status}
      </p>
      {after}
    </section>
  );
}

/** A section of Account settings that leads to a page of its own: its heading, a line, the link. */
export function SettingsLinkSection({
  title,
  text,
  href,
  label,
  testId,
}: {
  title: string;
  text: string;
  href: string;
  label: string;
  testId: string;
}) {
  const titleId = useId();
  return (
    <section className="auth-card settings-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p>{text}</p>
      <Link href={href} className="ui-button ui-button--secondary" data-testid={testId}>
        {label}
      </Link>
    </section>
  );
}
