import { memo } from 'react';
import { Link, useNavigate } from 'react-router';
import clsx from 'clsx';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatChange } from '../../shared/format/number';
import { formatPrice } from '../../shared/format/price';
import type { Coin } from '../../shared/market/coin';
import { CoinLogo } from '../../shared/market/CoinLogo';
import { useFlash } from '../../shared/market/useFlash';

export function tradePath(coin: Coin): string {
  return `/spot-trading?coin_pair_id=${coin.id}`;
}

/** One coin with its Trade and Convert actions; a tap anywhere else on the row opens its spot market too. */
export const MarketRow = memo(function MarketRow({ coin }: { coin: Coin }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const flash = useFlash(coin.price);
  const { symbol } = coin;
  return (
    <tr className="markets-row" onClick={() => navigate(tradePath(coin))}>
      <th scope="row">
        <Link className="markets-row__pair" to={tradePath(coin)} onClick={(event) => event.stopPropagation()}>
          <CoinLogo symbol={coin.symbol} src={coin.logo_path} size={28} />
          <span className="markets-row__names">
            <span>
              <strong>{coin.symbol}</strong>
              <span className="muted">/{coin.pair_name}</span>
            </span>
            <span className="markets-row__name muted">{coin.name}</span>
          </span>
        </Link>
      </th>
      <td className={clsx('num markets-row__price', flash && `flash-${flash}`)} data-flash={flash ?? undefined}>
        {formatPrice(coin.price)}
      </td>
      <td className={clsx('num', coin.price_change_24h < 0 ? 'down' : 'up')}>{formatChange(coin.price_change_24h)}</td>
      <td className="num markets-col-actions" onClick={(event) => event.stopPropagation()}>
        <span className="markets-row__actions">
          <Link className="btn btn-sm" to={tradePath(coin)} aria-label={t`Trade ${symbol}`}>
            <Trans>Trade</Trans>
          </Link>
          <Link className="btn btn-sm btn-ghost" to="/conversion" aria-label={t`Convert ${symbol}`}>
            <Trans>Convert</Trans>
          </Link>
        </span>
      </td>
    </tr>
  );
});
