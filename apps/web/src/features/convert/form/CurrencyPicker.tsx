import { useId, useMemo } from 'react';
import { ChevronDown } from 'lucide-react';
import type { ConversionCurrency } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { Picker } from '../../../shared/picker/Picker';
import { keepsCurrency, pickableCurrencies } from '../model/currencies';

const ROW_HEIGHT = 44;

interface CurrencyPickerProps {
  /** Names the button with the box it belongs to ("To"). */
  labelId: string;
  currencies: readonly ConversionCurrency[];
  value: ConversionCurrency;
  onChange: (symbol: string) => void;
}

/** The coin side's currency picker (spec 2 §2, §5): a search by symbol or name with the All / Stablecoins filter. */
export function CurrencyPicker({ labelId, currencies, value, onChange }: CurrencyPickerProps) {
  const { t } = useLingui();
  const triggerId = useId();
  const items = useMemo(() => pickableCurrencies(currencies), [currencies]);
  const filters = useMemo(
    () => [
      { id: 'all', label: t`All`, keep: null },
      { id: 'stablecoins', label: t`Stablecoins`, keep: (c: ConversionCurrency) => keepsCurrency('stablecoins', c) },
    ],
    [t],
  );
  return (
    <Picker
      triggerId={triggerId}
      className="convert-picker"
      items={items}
      filters={filters}
      filterLabel={t`Filter currencies`}
      rowHeight={ROW_HEIGHT}
      itemKey={(currency) => currency.symbol}
      currentKey={value.symbol}
      onSelect={(currency) => onChange(currency.symbol)}
      searchLabel={t`Search currencies`}
      placeholder={t`Search by symbol or name`}
      listLabel={t`Currencies`}
      emptyText={() => <Trans>No currencies found</Trans>}
      renderTrigger={(props) => (
        <button type="button" className="convert-currency convert-picker__trigger" aria-labelledby={`${labelId} ${triggerId}`} {...props}>
          <CoinLogo symbol={value.symbol} src={value.image_path} size={24} />
          <strong>{value.symbol}</strong>
          <ChevronDown size={16} aria-hidden className="muted" />
        </button>
      )}
      renderItem={(currency) => (
        <>
          <CoinLogo symbol={currency.symbol} src={currency.image_path} size={24} />
          <strong>{currency.symbol}</strong>
          <span className="muted picker__name">{currency.name}</span>
        </>
      )}
    />
  );
}
