import type { ApiKeyPermission } from '@exchange/contract';
import { useLingui } from '@lingui/react/macro';

/** The permissions' names as the page shows them. */
export function usePermissionLabels(): Record<ApiKeyPermission, string> {
  const { t } = useLingui();
  return { read: t`Read`, trade: t`Trade`, withdraw: t`Withdraw` };
}
