import type { ConversionCurrency } from '@exchange/contract';
import { CoinLogo } from '../../../shared/market/CoinLogo';

/** The USDT side of a conversion, which has nothing to pick (spec 2 §1). */
export function UsdtBadge({ currency }: { currency: ConversionCurrency }) {
  return (
    <span className="convert-currency convert-currency--fixed">
      <CoinLogo symbol={currency.symbol} src={currency.image_path} size={24} />
      <strong>{currency.symbol}</strong>
    </span>
  );
}
