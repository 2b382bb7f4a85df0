import { feeTierResponse, type FeeTierResponse } from '@exchange/contract';
import { apiRequest } from './http';

/** GET /api/v1/fee-tier?uid=: the tier and the 30-day volume and assets it comes from. */
export function fetchFeeTier(uid: number, signal?: AbortSignal): Promise<FeeTierResponse> {
  return apiRequest('/api/v1/fee-tier', { schema: feeTierResponse, auth: true, apikey: true, query: { uid }, signal });
}
