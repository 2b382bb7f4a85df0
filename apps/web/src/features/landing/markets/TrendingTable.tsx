import { Link } from 'react-router';
import clsx from 'clsx';
import { marketMessages } from '@exchange/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatChange } from '../../../shared/format/number';
import { formatPrice } from '../../../shared/format/price';
import type { Coin } from '../../../shared/market/coin';
import type { CoinsStatus } from '../../../shared/market/useCoins';
import { CoinLogo } from '../../../shared/market/CoinLogo';
import { useContractText } from '../../../shared/i18n/contractText';

interface TrendingTableProps {
  coins: Coin[];
  status: CoinsStatus;
}

function StateRow({ children, tone }: { children: string; tone?: 'error' }) {
  return (
    <tr>
      <td colSpan={4} className={clsx('trending__state', tone === 'error' && 'down')} role={tone === 'error' ? 'alert' : 'status'}>
        {children}
      </td>
    </tr>
  );
}

/** Trending Cryptocurrencies (spec 1 §2, §4): loading, then error, empty or at most 10 coins. */
export function TrendingTable({ coins, status }: TrendingTableProps) {
  const { t } = useLingui();
  const contractText = useContractText();
  return (
    <div className="trending">
      <h2 className="trending__title">
        <Trans>Trending Cryptocurrencies</Trans>
      </h2>
      <table className="trending__table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Pair</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Last Price</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>24H Change</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Trade</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {status === 'loading' && <StateRow>{contractText(marketMessages.loadingCoins)}</StateRow>}
          {status === 'error' && <StateRow tone="error">{contractText(marketMessages.fetchCoinsFailed)}</StateRow>}
          {status === 'empty' && <StateRow>{contractText(marketMessages.noCoins)}</StateRow>}
          {status === 'ready' &&
            coins.map((coin) => {
              const { symbol } = coin;
              return (
                <tr key={coin.id}>
                  <th scope="row">
                    <span className="trending__pair">
                      <CoinLogo symbol={symbol} src={coin.logo_path} size={24} />
                      <span>
                        <strong>{symbol}</strong>
                        <span className="muted">/{coin.pair_name}</span>
                      </span>
                    </span>
                  </th>
                  <td className="num">{formatPrice(coin.price)}</td>
                  <td className={clsx('num', coin.price_change_24h < 0 ? 'down' : 'up')}>{formatChange(coin.price_change_24h)}</td>
                  <td className="num">
                    <Link className="btn btn-sm trending__trade" to={`/spot-trading?coin_pair_id=${coin.id}`} aria-label={t`Trade ${symbol}`}>
                      <Trans>Trade</Trans>
                    </Link>
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>
    </div>
  );
}
