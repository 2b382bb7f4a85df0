import type { TransferAccount } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';
import { accountLabel } from '../../shared/format/wallet';

const ACCOUNTS: TransferAccount[] = ['spot', 'futures'];

interface AccountSelectProps {
  label: string;
  value: TransferAccount;
  onChange: (account: TransferAccount) => void;
  tourTarget: string;
}

/** One side of the transfer: the Spot or Future account. */
export function AccountSelect({ label, value, onChange, tourTarget }: AccountSelectProps) {
  const { i18n } = useLingui();
  return (
    <label className="field" data-tour={tourTarget}>
      <span className="field-label">{label}</span>
      <select className="select" value={value} onChange={(e) => onChange(e.target.value as TransferAccount)}>
        {ACCOUNTS.map((a) => (
          <option key={a} value={a}>
            {i18n._(accountLabel(a))}
          </option>
        ))}
      </select>
    </label>
  );
}
