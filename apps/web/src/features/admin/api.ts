import {
  adminMeResponse,
  adminSummaryResponse,
  adminUserResponse,
  adminUsersResponse,
  auditResponse,
  operatorChangeResponse,
  operatorsResponse,
  type OperatorChangeRequest,
} from '@exchange/contract';
import { apiRequest, ApiError, NetworkError, readToken, type Query } from '../../shared/api/http';

/** The operator console's calls (docs/operators.md): each carries the session's token. */
export const fetchMe = (signal?: AbortSignal) => apiRequest('/api/admin/me', { schema: adminMeResponse, auth: true, signal });
export const fetchSummary = (signal?: AbortSignal) => apiRequest('/api/admin/summary', { schema: adminSummaryResponse, auth: true, signal });
export const searchUsers = (q: string, signal?: AbortSignal) => apiRequest('/api/admin/users', { schema: adminUsersResponse, auth: true, query: { q }, signal });
export const fetchUser = (id: string, signal?: AbortSignal) => apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, { schema: adminUserResponse, auth: true, signal });
export const fetchOperators = (signal?: AbortSignal) => apiRequest('/api/admin/operators', { schema: operatorsResponse, auth: true, signal });
export const fetchAudit = (query: Query, signal?: AbortSignal) => apiRequest('/api/admin/audit', { schema: auditResponse, auth: true, query, signal });

export function changeOperator(method: 'POST' | 'DELETE', body: OperatorChangeRequest) {
  return apiRequest('/api/admin/operators', { method, body: { ...body }, schema: operatorChangeResponse, auth: true });
}

/** The filtered audit log as a CSV file the browser saves. */
export async function downloadAuditCsv(query: Query): Promise<void> {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  let response: Response;
  try {
    response = await fetch(`/api/admin/audit.csv?${params}`, { headers: { Authorization: `Bearer ${readToken() ?? ''}` } });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(payload.message ?? String(response.status), response.status);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'audit-log.csv';
  link.click();
  URL.revokeObjectURL(url);
}
