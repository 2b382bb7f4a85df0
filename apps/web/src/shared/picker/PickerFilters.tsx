import clsx from 'clsx';

export interface PickerFilter<T> {
  id: string;
  label: string;
  keep: ((item: T) => boolean) | null;
}

interface PickerFiltersProps<T> {
  filters: readonly PickerFilter<T>[];
  label: string | undefined;
  active: string | undefined;
  onChange: (id: string) => void;
}

/** The picker's filter tabs (toggle buttons, one pressed). */
export function PickerFilters<T>({ filters, label, active, onChange }: PickerFiltersProps<T>) {
  return (
    <div className="picker__filters" role="group" aria-label={label}>
      {filters.map((filter) => (
        <button
          key={filter.id}
          type="button"
          className={clsx('picker__filter', filter.id === active && 'is-active')}
          aria-pressed={filter.id === active}
          onClick={() => onChange(filter.id)}
        >
          {filter.label}
        </button>
      ))}
    </div>
  );
}
