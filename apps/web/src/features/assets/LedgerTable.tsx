import { formatDateTime } from '../../shared/format/wallet';
import type { LedgerTableRow } from './ledgerRows';

/** Head and body of a table of balance changes, shared by Recent Transactions and the full history. */
export function LedgerTable({ rows }: { rows: LedgerTableRow[] }) {
  return (
    <>
      <thead>
        <tr>
          <th>Type</th>
          <th>Asset</th>
          <th className="num">Amount</th>
          <th>Account</th>
          <th>Date</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td data-label="Type">{r.type}</td>
            <td data-label="Asset">
              <strong>{r.asset}</strong>
            </td>
            <td data-label="Amount" className="num">
              {r.amount}
            </td>
            <td data-label="Account">{r.account}</td>
            <td data-label="Date" className="muted">
              {formatDateTime(r.createdAt)}
            </td>
          </tr>
        ))}
      </tbody>
    </>
  );
}
