import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { transferPageMessages as m } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';
import { CoinLogo } from '../../shared/market/CoinLogo';
import { useContractText } from '../../shared/i18n/contractText';
import type { CoinsStatus } from '../../shared/market/useCoins';
import { Picker } from '../../shared/picker/Picker';
import type { TransferAsset } from './assets';

const ROW_HEIGHT = 48;

interface AssetPickerProps {
  /** The field's visible label; with the chosen asset it names the button. */
  label: string;
  assets: TransferAsset[];
  status: CoinsStatus;
  value: TransferAsset;
  onChange: (asset: TransferAsset) => void;
}

/** The searchable asset list of spec 3 §2; the coin list can run to hundreds of rows. */
export function AssetPicker({ label, assets, status, value, onChange }: AssetPickerProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  const labelId = useId();
  const triggerId = useId();
  return (
    <Picker
      triggerId={triggerId}
      className="asset-picker"
      items={assets}
      rowHeight={ROW_HEIGHT}
      itemKey={(asset) => asset.symbol}
      currentKey={value.symbol}
      onSelect={onChange}
      searchLabel={t`Search assets`}
      placeholder={contractText(m.searchAssets)}
      listLabel={t`Assets`}
      emptyText={() => contractText(m.noAssets)}
      notice={status === 'error' ? <p className="field-error picker__note">{contractText(m.coinsFailed)}</p> : null}
      placeholderText={status === 'loading' && assets.length <= 1 ? contractText(m.loadingAssets) : undefined}
      renderTrigger={(props) => (
        <>
          <span className="field-label" id={labelId}>
            {label}
          </span>
          <button type="button" className="asset-picker__trigger input" aria-labelledby={`${labelId} ${triggerId}`} {...props}>
            <CoinLogo symbol={value.symbol} src={value.logo} size={24} />
            <strong>{value.symbol}</strong>
            <span className="muted picker__name">{value.name}</span>
            <ChevronDown size={16} aria-hidden className="asset-picker__chevron" />
          </button>
        </>
      )}
      renderItem={(asset) => (
        <>
          <CoinLogo symbol={asset.symbol} src={asset.logo} size={24} />
          <strong>{asset.symbol}</strong>
          <span className="muted">{asset.name}</span>
        </>
      )}
    />
  );
}
