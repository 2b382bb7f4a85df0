import { operatorRolesResponse } from '@exchange/contract';
import { apiRequest } from '../../shared/api/http';
import { useAsync } from '../../shared/hooks/useAsync';

/**
 * Whether the signed-in user holds an operator role, for the header's entry to the console. Asked
 * when a menu opens, not on every page; the console itself checks the roles again on each call.
 */
export function useIsOperator(userId: string | null): boolean {
  const roles = useAsync('operator-roles', userId, (signal) => apiRequest('/api/user_account/operator-roles', { schema: operatorRolesResponse, auth: true, signal }));
  return (roles.data?.roles.length ?? 0) > 0;
}
