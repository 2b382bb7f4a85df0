import clsx from 'clsx';
import type { CoinTransactionRow } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { quickPicks } from '../model/coins';
import { CryptoPicker } from './CryptoPicker';
import { StepFrame } from './StepFrame';

interface CryptoStepProps {
  coins: readonly CoinTransactionRow[];
  selected: CoinTransactionRow | null;
  onSelect: (symbol: string) => void;
}

/** Step 1 (spec 3 §2): the coin picker and the quick deposit coins. */
export function CryptoStep({ coins, selected, onSelect }: CryptoStepProps) {
  const { t } = useLingui();
  const picks = quickPicks(coins);
  const unavailable = picks.filter((pick) => pick.coin === null).map((pick) => pick.symbol).join(', ');
  return (
    <StepFrame number={1} titleId="deposit-step-crypto" title={<Trans>Select crypto</Trans>} state={selected ? 'done' : 'current'}>
      <CryptoPicker coins={coins} selected={selected} onSelect={onSelect} labelId="deposit-step-crypto" />
      <ul className="deposit-quick" aria-label={t`Quick picks`}>
        {picks.map(({ symbol, coin }) => (
          <li key={symbol}>
            <button
              type="button"
              className={clsx('deposit-quick__pick', coin && coin.symbol === selected?.symbol && 'is-current')}
              aria-pressed={coin ? coin.symbol === selected?.symbol : undefined}
              disabled={coin === null}
              aria-describedby={coin === null ? 'deposit-quick-unavailable' : undefined}
              onClick={() => coin && onSelect(coin.symbol)}
            >
              <CoinLogo symbol={symbol} src={coin?.logo_path ?? ''} size={18} />
              {symbol}
            </button>
          </li>
        ))}
      </ul>
      {unavailable !== '' && (
        <p id="deposit-quick-unavailable" className="deposit-note muted">
          <Trans>Not available for deposit yet: {unavailable} has no supported network.</Trans>
        </p>
      )}
    </StepFrame>
  );
}
