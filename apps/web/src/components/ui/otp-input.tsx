import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './ui.css';

interface OtpInputProps {
  /** The digits typed so far, left to right (never longer than `length`). */
  value: string;
  onChange: (value: string) => void;
  /** Name of the whole group for screen readers, e.g. "Verification code". */
  label: string;
  length?: number;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  /** id of an element describing the group (error text, countdown). */
  describedBy?: string;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * Single-digit boxes for a one-time code: digits only, pasting a whole code fills every box,
 * Backspace in an empty box goes back to (and clears) the previous one.
 */
export function OtpInput({
  value,
  onChange,
  label,
  length = 6,
  disabled = false,
  invalid = false,
  autoFocus = false,
  describedBy,
}: OtpInputProps) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const code = onlyDigits(value).slice(0, length);

  const pendingFocus = useRef<number | null>(null);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** After a change, focus moves once the new digits are rendered (so onFocus sees them). */
  const focusAfterChange = (index: number) => {
    pendingFocus.current = index;
  };

  useEffect(() => {
    if (pendingFocus.current === null) return;
    const index = pendingFocus.current;
    pendingFocus.current = null;
    focusBox(index);
  });

  /** Puts `digits` at position `index` (or at the end of the code if that is further left). */
  const insertAt = (index: number, digits: string) => {
    const start = Math.min(index, code.length);
    const next = (code.slice(0, start) + digits + code.slice(start + digits.length)).slice(
      0,
      length,
    );
    focusAfterChange(Math.min(start + digits.length, length - 1));
    onChange(next);
  };

  const handleInput = (index: number, raw: string) => {
    const digits = onlyDigits(raw);
    if (digits === '') return;
    // The box may already hold a digit: the new one is what the user just typed.
    const typed = digits.length > 1 && code[index] !== undefined ? digits.slice(-1) : digits;
    insertAt(index, typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (code[index] !== undefined) {
        onChange(code.slice(0, index) + code.slice(index + 1));
      } else if (index > 0) {
        focusAfterChange(index - 1);
        onChange(code.slice(0, index - 1));
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(Math.min(index + 1, code.length));
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text')).slice(0, length);
    if (digits === '') return;
    if (digits.length === length) {
      focusAfterChange(length - 1);
      onChange(digits);
    } else insertAt(index, digits);
  };

  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      className={`ui-otp${invalid ? ' ui-otp--invalid' : ''}`}
    >
      {Array.from({ length }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="ui-otp__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && index === 0}
          maxLength={length}
          aria-label={t('ui.otpDigit', { index: index + 1, count: length })}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          value={code[index] ?? ''}
          onChange={(event) => {
            handleInput(index, event.target.value);
          }}
          onKeyDown={(event) => {
            handleKeyDown(index, event);
          }}
          onPaste={(event) => {
            handlePaste(index, event);
          }}
          onFocus={(event) => {
            // Boxes fill left to right: a click past the first empty box lands on that box.
            if (index > code.length) focusBox(code.length);
            else event.target.select();
          }}
        />
      ))}
    </div>
  );
}
