import type { EarnProduct } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';

/** "Flexible", or the fixed term in days: "30 days". */
export function useTermLabel(): (product: Pick<EarnProduct, 'term' | 'term_days'>) => string {
  const { t } = useLingui();
  return ({ term, term_days: days }) => (term === 'flexible' || days === null ? t`Flexible` : t`${days} days`);
}
