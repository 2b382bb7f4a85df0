import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { useLingui } from '@lingui/react/macro';

interface OtpInputProps {
  /** One entry per box: a single digit or ''. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  label?: string;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/** Separate one-digit boxes for a verification code, with paste and keyboard navigation. */
export function OtpInput({ value, onChange, invalid, disabled, autoFocus, label }: OtpInputProps) {
  const { t } = useLingui();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const setDigit = (index: number, digit: string) => {
    const next = [...value];
    next[index] = digit;
    onChange(next);
  };

  /** Writes digits from `start` onwards (a paste or the phone's code autofill). */
  const spread = (start: number, digits: string) => {
    const from = digits.length >= length ? 0 : start;
    const next = [...value];
    for (let i = 0; i < digits.length && from + i < length; i += 1) next[from + i] = digits[i] ?? '';
    onChange(next);
    focusBox(Math.min(length - 1, from + digits.length));
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event;
    if (/^\d$/.test(key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      setDigit(index, key);
      if (index < length - 1) focusBox(index + 1);
    } else if (key === 'Backspace') {
      event.preventDefault();
      if (value[index]) setDigit(index, '');
      else if (index > 0) {
        setDigit(index - 1, '');
        focusBox(index - 1);
      }
    } else if (key === 'Delete') {
      event.preventDefault();
      setDigit(index, '');
    } else if (key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    } else if (key === 'Home') {
      event.preventDefault();
      focusBox(0);
    } else if (key === 'End') {
      event.preventDefault();
      focusBox(length - 1);
    }
  };

  // Soft keyboards often skip keydown, so typed text can also arrive here.
  const handleChange = (index: number, raw: string) => {
    const digits = onlyDigits(raw);
    const previous = value[index] ?? '';
    if (!digits) setDigit(index, '');
    else if (digits.length === 1) {
      setDigit(index, digits);
      if (index < length - 1) focusBox(index + 1);
    } else if (digits.length === 2 && previous && digits.includes(previous)) {
      const typed = digits[0] === previous ? digits[1] : digits[0];
      setDigit(index, typed ?? '');
      if (index < length - 1) focusBox(index + 1);
    } else spread(index, digits);
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text'));
    if (digits) spread(index, digits);
  };

  return (
    <div className="otp" role="group" aria-label={label ?? t`Verification code`}>
      {value.map((digit, index) => {
        const position = index + 1;
        return (
          <input
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
            }}
            className={clsx('input otp-box', digit && 'otp-box-filled')}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t`Digit ${position} of ${length}`}
            aria-invalid={invalid || undefined}
            autoFocus={autoFocus && index === 0}
            disabled={disabled}
            value={digit}
            onChange={(e) => handleChange(index, e.target.value)}
            onKeyDown={(e) => handleKeyDown(index, e)}
            onPaste={(e) => handlePaste(index, e)}
            onFocus={(e) => e.target.select()}
          />
        );
      })}
    </div>
  );
}

export function emptyCode(length: number): string[] {
  return Array.from({ length }, () => '');
}
