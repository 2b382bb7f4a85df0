import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { formatDateTime } from '../../shared/format/wallet';
import { useContractText } from '../../shared/i18n/contractText';
import { TableHead, type TableColumn } from '../../shared/ui/TableHead';
import type { LedgerTableRow } from './ledgerRows';

const COLUMNS: readonly TableColumn[] = [
  { label: msg`Type` },
  { label: msg`Asset` },
  { label: msg`Amount`, numeric: true },
  { label: msg`Account` },
  { label: msg`Date` },
];

/** Head and body of a table of balance changes, shared by Recent Transactions and the full history. */
export function LedgerTable({ rows }: { rows: LedgerTableRow[] }) {
  const { t, i18n } = useLingui();
  const contractText = useContractText();
  return (
    <>
      <TableHead columns={COLUMNS} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td data-label={t`Type`}>
              {contractText(r.type)}
              {r.note && <div className="muted">{r.note}</div>}
            </td>
            <td data-label={t`Asset`}>
              <strong>{r.asset}</strong>
            </td>
            <td data-label={t`Amount`} className="num">
              {r.amount}
            </td>
            <td data-label={t`Account`}>{r.account.map((wallet) => i18n._(wallet)).join(' → ')}</td>
            <td data-label={t`Date`} className="muted">
              {formatDateTime(r.createdAt)}
            </td>
          </tr>
        ))}
      </tbody>
    </>
  );
}
