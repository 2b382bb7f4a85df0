import clsx from 'clsx';
import { Info, LineChart, Settings, Star } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Coin } from '../../../shared/market/coin';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { spotHeaderFigures } from '@exchange/contract';
import { formatLocale } from '../../../shared/format/locale';
import { useRovingFocus } from '../../../shared/ui/useRovingFocus';
import { CoinPicker } from '../../../shared/trading/CoinPicker';

/** The fixed leverage label of spec 1 §9. */
export const LEVERAGE_LABEL = '10x';

interface CoinHeaderProps {
  coin: Coin;
  coins: readonly Coin[];
  favourite: boolean;
  onSelect: (coin: Coin) => void;
  onToggleFavourite: () => void;
  /** The decorative buttons (Trading data, Information, settings) open the coming-soon notice. */
  onComingSoon: () => void;
}

function Stat({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="spot-header__stat">
      <span className="spot-header__label">{label}</span>
      <span className={clsx('spot-header__value', className)}>{value}</span>
    </div>
  );
}

/** Market info of the page's coin with the coin picker (spec 1 §2). */
export function CoinHeader({ coin, coins, favourite, onSelect, onToggleFavourite, onComingSoon }: CoinHeaderProps) {
  const { t } = useLingui();
  // The server writes the same figures into the page's HTML before any script (static-web's spot header).
  const figures = spotHeaderFigures(coin, formatLocale());
  const tools = useRovingFocus<HTMLDivElement>();
  const { symbol } = coin;
  return (
    <section className="spot-header" aria-label={t`Market info`} data-tour="market-info">
      <div className="spot-header__coin">
        <button
          type="button"
          className={clsx('spot-header__star', favourite && 'is-on')}
          aria-pressed={favourite}
          aria-label={favourite ? t`Remove ${symbol} from favourites` : t`Add ${symbol} to favourites`}
          onClick={onToggleFavourite}
        >
          <Star size={16} aria-hidden />
        </button>
        <CoinLogo symbol={coin.symbol} src={coin.logo_path} size={28} />
        <CoinPicker coin={coin} coins={coins} onSelect={onSelect} />
        <span className="spot-header__leverage">{LEVERAGE_LABEL}</span>
      </div>
      <div className="spot-header__price">
        <span className={clsx('spot-header__last', figures.tone)} data-testid="last-price">
          {figures.price}
        </span>
        <span className="spot-header__usd muted">{figures.usd}</span>
      </div>
      <div className="spot-header__stats">
        <Stat label={t`24h Change`} value={figures.change} className={figures.tone} />
        <Stat label={t`24h High`} value={figures.high} />
        <Stat label={t`24h Low`} value={figures.low} />
        <Stat label={t`24h Volume (USDT)`} value={figures.volume} />
      </div>
      <div className="spot-header__tools" role="toolbar" aria-label={t`Market tools`} {...tools}>
        <button type="button" className="spot-header__tool" onClick={onComingSoon}>
          <LineChart size={14} aria-hidden /> <Trans>Trading data</Trans>
        </button>
        <button type="button" className="spot-header__tool" onClick={onComingSoon}>
          <Info size={14} aria-hidden /> <Trans>Information</Trans>
        </button>
        <button type="button" className="spot-header__tool" aria-label={t`Settings`} onClick={onComingSoon}>
          <Settings size={14} aria-hidden />
        </button>
      </div>
    </section>
  );
}
