import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';

export interface TableColumn {
  label: MessageDescriptor;
  /** Right-aligned, as figures are. */
  numeric?: boolean;
}

/** The header row of a data table, from its columns' labels. */
export function TableHead({ columns }: { columns: readonly TableColumn[] }) {
  const { i18n } = useLingui();
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.label.id} className={column.numeric ? 'num' : undefined}>
            {i18n._(column.label)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
