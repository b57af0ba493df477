import {
  useEffect,
  useRef,
  type ClipboardEvent,
  type InputEvent as ReactInputEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
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
 * Single-digit boxes for a one-time code: digits only; a digit typed into a box replaces what it
 * held and moves on (also when it is the same digit); pasting or autofilling a whole code into any
 * box fills every box; Backspace in an empty box goes back to (and clears) the previous one;
 * Delete clears the box; arrows, Home and End move between the filled boxes.
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

  /**
   * The code as the handlers must see it: what the last keystroke made, even before React has
   * rendered it. Keys typed faster than a render (a loaded phone, a test's keyboard) each land in
   * the next box; reading the rendered code instead lost digits.
   */
  const latest = useRef(code);
  useEffect(() => {
    latest.current = code;
  }, [code]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /**
   * Sets the code and moves the focus to box `focusIndex` at once, also when the code is unchanged
   * (typing a box's own digit again must move on: issue 12, "000" then "330891" gave "33891_").
   */
  const commit = (next: string, focusIndex: number) => {
    const changed = next !== latest.current;
    latest.current = next;
    if (changed) onChange(next);
    focusBox(focusIndex);
  };

  /** Puts `digits` at position `index` (or at the end of the code if that is further left). */
  const insertAt = (index: number, digits: string) => {
    const code = latest.current;
    const start = Math.min(index, code.length);
    const next = (code.slice(0, start) + digits + code.slice(start + digits.length)).slice(
      0,
      length,
    );
    commit(next, Math.min(start + digits.length, length - 1));
  };

  /** Replaces the whole code (a pasted or autofilled code) and focuses the last box it fills. */
  const replaceAll = (digits: string) => {
    const next = digits.slice(0, length);
    commit(next, Math.min(next.length, length - 1));
  };

  /** Removes the digit in box `index` (the later digits move one box left). */
  const removeAt = (index: number) => {
    const code = latest.current;
    if (code[index] === undefined) return;
    commit(code.slice(0, index) + code.slice(index + 1), index);
  };

  /**
   * Every native `input` event, also one that leaves the value as it was: typing "0" over a
   * selected "0" changes nothing React's onChange would see, and the focus must still move on
   * (issue 12: "000" then "330891" gave "33891_"). What was typed is the event's data; the box's
   * value is only read when there is none (autofill, some IMEs).
   */
  const handleInput = (index: number, event: ReactInputEvent<HTMLInputElement>) => {
    const native = event.nativeEvent as Partial<InputEvent>;
    const box = event.currentTarget;
    const inputType = native.inputType ?? '';
    const typed = typeof native.data === 'string' && native.data !== '' ? native.data : box.value;
    // The rendered value is the code's; the DOM keeps nothing React did not put there.
    box.value = latest.current[index] ?? '';
    if (inputType.startsWith('delete')) {
      removeAt(index);
      return;
    }
    const digits = onlyDigits(typed);
    if (digits === '') return;
    if (digits.length >= length) replaceAll(digits);
    else insertAt(index, digits);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const code = latest.current;
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // A digit key is handled here, whatever the box holds (the same digit included); keyboards
      // that send no key (many phone keyboards) reach handleInput instead.
      event.preventDefault();
      insertAt(index, event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      if (code[index] !== undefined) {
        removeAt(index);
      } else if (index > 0) {
        commit(code.slice(0, index - 1), index - 1);
      }
    } else if (event.key === 'Delete') {
      event.preventDefault();
      removeAt(index);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(Math.min(index + 1, code.length));
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusBox(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusBox(Math.min(code.length, length - 1));
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text')).slice(0, length);
    if (digits === '') return;
    if (digits.length === length) replaceAll(digits);
    else insertAt(index, digits);
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
          onInput={(event) => {
            handleInput(index, event);
          }}
          onKeyDown={(event) => {
            handleKeyDown(index, event);
          }}
          onPaste={(event) => {
            handlePaste(index, event);
          }}
          onFocus={(event) => {
            // Boxes fill left to right: a click past the first empty box lands on that box.
            if (index > latest.current.length) focusBox(latest.current.length);
            else event.target.select();
          }}
        />
      ))}
    </div>
  );
}
