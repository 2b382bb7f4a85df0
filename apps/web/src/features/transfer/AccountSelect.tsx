import type { TransferAccount } from '@exchange/contract';
import { accountLabel } from '../../shared/format/wallet';

const ACCOUNTS: TransferAccount[] = ['spot', 'futures'];

interface AccountSelectProps {
  label: 'From' | 'To';
  value: TransferAccount;
  onChange: (account: TransferAccount) => void;
  tourTarget: string;
}

/** One side of the transfer: the Spot or Future account. */
export function AccountSelect({ label, value, onChange, tourTarget }: AccountSelectProps) {
  return (
    <label className="field" data-tour={tourTarget}>
      <span className="field-label">{label}</span>
      <select className="select" value={value} onChange={(e) => onChange(e.target.value as TransferAccount)}>
        {ACCOUNTS.map((a) => (
          <option key={a} value={a}>
            {accountLabel(a)}
          </option>
        ))}
      </select>
    </label>
  );
}
