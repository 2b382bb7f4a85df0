import clsx from 'clsx';
import { useRovingFocus } from '../../../shared/ui/useRovingFocus';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
}

interface SegmentedProps<T extends string> {
  label: string;
  options: readonly SegmentedOption<T>[];
  /** null while the value is not known yet: no option is pressed. */
  value: T | null;
  disabled?: boolean;
  onChange: (value: T) => void;
  className?: string;
}

/** A row of toggle buttons of which one is pressed; one Tab stop, arrows move (Open/Close, Isolated/Cross). */
export function Segmented<T extends string>({ label, options, value, onChange, className, disabled = false }: SegmentedProps<T>) {
  const roving = useRovingFocus<HTMLDivElement>();
  return (
    <div className={clsx('fut-segmented', className)} role="toolbar" aria-label={label} {...roving}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          disabled={disabled}
          className={clsx('fut-segmented__item', value === option.value && 'is-active')}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
