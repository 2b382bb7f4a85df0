import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import clsx from 'clsx';
import type { SortKey, SortState } from './sortCoins';

interface SortHeaderProps {
  label: string;
  sortKey: SortKey;
  sort: SortState | null;
  onSort: (key: SortKey) => void;
  className?: string;
}

export function SortHeader({ label, sortKey, sort, onSort, className }: SortHeaderProps) {
  const active = sort?.key === sortKey ? sort.dir : null;
  const Icon = active === 'asc' ? ArrowUp : active === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" className={className} aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}>
      <button type="button" className={clsx('markets-sort', active && 'is-active')} onClick={() => onSort(sortKey)}>
        {label}
        <Icon size={12} aria-hidden />
      </button>
    </th>
  );
}
