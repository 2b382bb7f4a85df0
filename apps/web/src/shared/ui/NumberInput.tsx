import { useId, useState, type InputHTMLAttributes } from 'react';
import { useLingui } from '@lingui/react/macro';
import { formatLocale } from '../format/locale';
import { formatNumberInput, numberSeparators, parseLocaleNumber, type NumberProblem } from '../format/localeNumber';
import { numberProblemText } from './numberProblemText';
import './NumberInput.css';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'>;

export interface NumberInputProps extends NativeProps {
  /** The field's number as a plain decimal ("0.01"), or "" when there is none. */
  value: string;
  /** Called with the plain decimal read from the text; "" while the field is empty or cannot be read. */
  onValueChange: (value: string) => void;
}

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Every number a user types goes through this field: it reads the page's language's decimal
 * separator and the dot, keeps the text as typed while it is being typed, writes what it understood
 * in the language's format when the user leaves it, and says why when it cannot read the text
 * (the form then sees no number, so nothing is sent on a guess).
 */
export function NumberInput({ value, onValueChange, onBlur, placeholder, className, ...rest }: NumberInputProps) {
  const { i18n } = useLingui();
  const locale = formatLocale();
  const separators = numberSeparators(locale);
  const [draft, setDraft] = useState(() => formatNumberInput(value, separators));
  const [held, setHeld] = useState({ value, locale });
  const [problem, setProblem] = useState<NumberProblem | null>(null);
  const problemId = useId();

  // A value set from outside (a slider, a book click, a cleared form) or a new language rewrites the text.
  if (held.value !== value || held.locale !== locale) {
    setHeld({ value, locale });
    if (held.value !== value || problem === null) setDraft(formatNumberInput(value, separators));
    if (held.value !== value) setProblem(null);
  }

  function change(text: string) {
    const parsed = parseLocaleNumber(text, separators);
    const next = parsed.kind === 'number' ? parsed.value : '';
    setDraft(text);
    setProblem(parsed.kind === 'invalid' ? parsed.problem : null);
    setHeld({ value: next, locale });
    if (next !== value) onValueChange(next);
  }

  const shownPlaceholder = placeholder && PLAIN_DECIMAL.test(placeholder) ? formatNumberInput(placeholder, separators) : placeholder;

  return (
    <>
      <input
        {...rest}
        className={className}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={draft}
        placeholder={shownPlaceholder}
        aria-invalid={problem !== null || rest['aria-invalid'] || undefined}
        aria-describedby={problem ? [rest['aria-describedby'], problemId].filter(Boolean).join(' ') : rest['aria-describedby']}
        onChange={(event) => change(event.target.value)}
        onBlur={(event) => {
          if (problem === null) setDraft(formatNumberInput(value, separators));
          onBlur?.(event);
        }}
      />
      {problem && (
        <span id={problemId} className="number-input__problem" role="alert">
          {numberProblemText(i18n, problem, draft, separators)}
        </span>
      )}
    </>
  );
}
