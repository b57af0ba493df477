import { useId } from 'react';
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
