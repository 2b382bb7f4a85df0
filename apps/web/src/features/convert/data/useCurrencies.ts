import type { ConversionCurrency } from '@exchange/contract';
import { useAsync } from '../../../shared/hooks/useAsync';
import { fetchConversionCurrencies } from '../api/convertApi';
import { FALLBACK_CURRENCIES } from '../model/currencies';

/** The convertible currencies; spec 2 §8: on a failure the built-in list, with `failed` set. */
export function useCurrencies(): { currencies: readonly ConversionCurrency[]; failed: boolean } {
  const list = useAsync('conversion-currencies', 'currencies', fetchConversionCurrencies);
  if (list.status === 'error' || (list.status === 'ready' && !list.data?.length)) return { currencies: FALLBACK_CURRENCIES, failed: list.status === 'error' };
  return { currencies: list.data ?? FALLBACK_CURRENCIES, failed: false };
}
