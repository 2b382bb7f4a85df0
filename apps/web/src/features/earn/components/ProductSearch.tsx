import { Search } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';

interface ProductSearchProps {
  value: string;
  onChange: (value: string) => void;
}

/** Spec 3 §5: the search is case-insensitive on the symbol or the name. */
export function ProductSearch({ value, onChange }: ProductSearchProps) {
  const { t } = useLingui();
  return (
    <label className="earn-search">
      <Search size={16} aria-hidden />
      <span className="sr-only">{t`Search products`}</span>
      <input type="search" className="earn-search__input" placeholder={t`Search coin name or symbol`} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}
