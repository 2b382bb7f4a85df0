import { ChevronDown } from 'lucide-react';
import { fundsMessages, type CoinTransactionRow } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useContractText } from '../i18n/contractText';
import { CoinLogo } from '../market/CoinLogo';
import { Picker } from '../picker/Picker';

const ROW_HEIGHT = 44;

interface CryptoPickerProps {
  coins: readonly CoinTransactionRow[];
  selected: CoinTransactionRow | null;
  onSelect: (symbol: string) => void;
  labelId: string;
}

/** A button showing the chosen coin that opens a search over the coins the page can move. */
export function CryptoPicker({ coins, selected, onSelect, labelId }: CryptoPickerProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  return (
    <Picker
      className="funds-picker"
      items={coins}
      rowHeight={ROW_HEIGHT}
      itemKey={(coin) => coin.symbol}
      currentKey={selected?.symbol}
      onSelect={(coin) => onSelect(coin.symbol)}
      searchLabel={t`Search crypto by symbol or name`}
      placeholder={t`Search crypto`}
      listLabel={t`Cryptos`}
      emptyText={() => contractText(fundsMessages.noMatchingCrypto)}
      renderTrigger={(props) => (
        <button type="button" className="funds-picker__toggle" aria-labelledby={`${labelId} ${labelId}-value`} {...props}>
          <span id={`${labelId}-value`} className="funds-picker__value">
            {selected ? (
              <>
                <CoinLogo symbol={selected.symbol} src={selected.logo_path} size={24} />
                <strong>{selected.symbol}</strong>
                <span className="muted">{selected.name}</span>
              </>
            ) : (
              <span className="muted">
                <Trans>Select a crypto</Trans>
              </span>
            )}
          </span>
          <ChevronDown size={18} aria-hidden />
        </button>
      )}
      renderItem={(coin) => (
        <>
          <CoinLogo symbol={coin.symbol} src={coin.logo_path} size={22} />
          <strong>{coin.symbol}</strong>
          <span className="muted picker__name">{coin.name}</span>
        </>
      )}
    />
  );
}
