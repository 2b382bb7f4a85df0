import { ChevronDown } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Coin } from '../market/coin';
import { CoinLogo } from '../market/CoinLogo';
import { formatChange, isUp } from '../format/number';
import { formatPrice } from '../format/price';
import { Picker } from '../picker/Picker';

const MAX_RESULTS = 20;
const ROW_HEIGHT = 36;

interface CoinPickerProps {
  coin: Coin;
  coins: readonly Coin[];
  onSelect: (coin: Coin) => void;
}

/** The trading page's heading, SYMBOL/USDT, opening a search over the tradable coins. */
export function CoinPicker({ coin, coins, onSelect }: CoinPickerProps) {
  const { t } = useLingui();
  return (
    <Picker
      className="spot-picker"
      tourTarget="coin-dropdown"
      items={coins.filter((item) => item.is_tradable)}
      limit={MAX_RESULTS}
      rowHeight={ROW_HEIGHT}
      itemKey={(item) => String(item.id)}
      currentKey={String(coin.id)}
      onSelect={onSelect}
      searchLabel={t`Search coins`}
      placeholder={t`Search`}
      listLabel={t`Coins`}
      emptyText={(query) => <Trans>No coins found matching "{query}"</Trans>}
      renderTrigger={(props) => (
        <h1 className="spot-picker__heading">
          <button type="button" className="spot-picker__toggle" {...props}>
            <span className="spot-picker__pair">
              {coin.symbol}/{coin.pair_name}
            </span>
            <ChevronDown size={16} aria-hidden />
          </button>
        </h1>
      )}
      renderItem={(item) => (
        <>
          <CoinLogo symbol={item.symbol} src={item.logo_path} size={20} />
          <span className="spot-picker__option-pair">{item.symbol}/USDT</span>
          <span className="spot-picker__option-price">{formatPrice(item.price)}</span>
          <span className={isUp(item.price_change_24h) ? 'up' : 'down'}>{formatChange(item.price_change_24h)}</span>
        </>
      )}
    />
  );
}
