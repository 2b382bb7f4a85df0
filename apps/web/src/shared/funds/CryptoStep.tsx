import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { CoinTransactionRow } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { CoinLogo } from '../market/CoinLogo';
import { quickPicks } from './coins';
import { CryptoPicker } from './CryptoPicker';
import { StepFrame } from './StepFrame';

interface CryptoStepProps {
  /** Prefixes the step's element ids, so each page's ids stay its own: "deposit", "withdraw". */
  idPrefix: string;
  coins: readonly CoinTransactionRow[];
  selected: CoinTransactionRow | null;
  onSelect: (symbol: string) => void;
  /** Why some quick coins cannot be chosen ("Not available for deposit yet: PI ..."), given their symbols. */
  unavailableNote: (symbols: string) => ReactNode;
}

/** Step 1 of the deposit and withdrawal flows (spec 3 §2): the coin picker and the quick coins. */
export function CryptoStep({ idPrefix, coins, selected, onSelect, unavailableNote }: CryptoStepProps) {
  const { t } = useLingui();
  const picks = quickPicks(coins);
  const unavailable = picks.filter((pick) => pick.coin === null).map((pick) => pick.symbol).join(', ');
  const titleId = `${idPrefix}-step-crypto`;
  const noteId = `${idPrefix}-quick-unavailable`;
  return (
    <StepFrame number={1} titleId={titleId} title={<Trans>Select crypto</Trans>} state={selected ? 'done' : 'current'}>
      <CryptoPicker coins={coins} selected={selected} onSelect={onSelect} labelId={titleId} />
      <ul className="funds-quick" aria-label={t`Quick picks`}>
        {picks.map(({ symbol, coin }) => (
          <li key={symbol}>
            <button
              type="button"
              className={clsx('funds-quick__pick', coin && coin.symbol === selected?.symbol && 'is-current')}
              aria-pressed={coin ? coin.symbol === selected?.symbol : undefined}
              disabled={coin === null}
              aria-describedby={coin === null ? noteId : undefined}
              onClick={() => coin && onSelect(coin.symbol)}
            >
              <CoinLogo symbol={symbol} src={coin?.logo_path ?? ''} size={18} />
              {symbol}
            </button>
          </li>
        ))}
      </ul>
      {unavailable !== '' && (
        <p id={noteId} className="funds-note muted">
          {unavailableNote(unavailable)}
        </p>
      )}
    </StepFrame>
  );
}
