import { CoinLogo } from '../../../shared/market/CoinLogo';

export function TokenCell({ symbol, name, logo }: { symbol: string; name: string; logo: string }) {
  return (
    <span className="earn-token">
      <CoinLogo symbol={symbol} src={logo} size={28} />
      <span className="earn-token__names">
        <strong>{symbol}</strong>
        <span className="muted earn-token__name">{name}</span>
      </span>
    </span>
  );
}
