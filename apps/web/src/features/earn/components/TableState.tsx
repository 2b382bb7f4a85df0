import type { ReactNode } from 'react';
import { earnMessages } from '@exchange/contract';
import { Trans } from '@lingui/react/macro';
import type { AsyncStatus } from '../../../shared/hooks/useAsync';
import { useContractText } from '../../../shared/i18n/contractText';

interface TableStateProps {
  status: AsyncStatus;
  empty: boolean;
  columns: number;
  onRetry: () => void;
  /** What to say when the load failed. */
  failure?: string;
  /** What to say when nothing matched. */
  emptyText?: ReactNode;
}

/**
 * The row a products table shows instead of products: spec 3 §8's "Loading products..." and "No
 * products found.", or the failure with a retry. Null when the products themselves should show.
 */
export function TableState({ status, empty, columns, onRetry, failure, emptyText }: TableStateProps) {
  const contractText = useContractText();
  let content: ReactNode = null;
  if (status === 'error') {
    content = (
      <span role="alert" className="earn-table__error">
        <span>{contractText(failure ?? earnMessages.productsFailed)}</span>
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          <Trans>Retry</Trans>
        </button>
      </span>
    );
  } else if (status === 'loading' && empty) content = <span role="status">{contractText(earnMessages.loadingProducts)}</span>;
  else if (empty) content = <span role="status">{emptyText ?? contractText(earnMessages.noProducts)}</span>;
  if (content === null) return null;
  return (
    <tr>
      <td colSpan={columns} className="earn-table__state">
        {content}
      </td>
    </tr>
  );
}
