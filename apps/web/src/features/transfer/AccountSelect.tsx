import { TRANSFER_WALLETS, type TransferAccount } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';
import { accountLabel } from '../../shared/format/wallet';

interface AccountSelectProps {
  label: string;
  value: TransferAccount;
  onChange: (account: TransferAccount) => void;
  tourTarget: string;
}

/** One side of the transfer: the Funding, Spot or Future account. */
export function AccountSelect({ label, value, onChange, tourTarget }: AccountSelectProps) {
  const { i18n } = useLingui();
  return (
    <label className="field" data-tour={tourTarget}>
      <span className="field-label">{label}</span>
      <select className="select" value={value} onChange={(e) => onChange(e.target.value as TransferAccount)}>
        {TRANSFER_WALLETS.map((a) => (
          <option key={a} value={a}>
            {i18n._(accountLabel(a))}
          </option>
        ))}
      </select>
    </label>
  );
}
