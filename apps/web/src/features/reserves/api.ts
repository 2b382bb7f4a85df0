import { reservesAddressesResponse, reservesHistoryResponse, reservesLatestResponse, reservesMyProofResponse } from '@exchange/contract';
import { apiRequest } from '../../shared/api/http';

export function fetchLatestReserves(signal?: AbortSignal) {
  return apiRequest('/api/v1/proof-of-reserves', { schema: reservesLatestResponse, apikey: true, signal });
}

export function fetchReservesHistory(signal?: AbortSignal) {
  return apiRequest('/api/v1/proof-of-reserves/history', { schema: reservesHistoryResponse, apikey: true, query: { limit: 30 }, signal });
}

export function fetchMyProof(uid: number, signal?: AbortSignal) {
  return apiRequest('/api/v1/proof-of-reserves/my-proof', { schema: reservesMyProofResponse, apikey: true, auth: true, query: { uid }, signal });
}

export function fetchReserveAddresses(signal?: AbortSignal) {
  return apiRequest('/api/v1/proof-of-reserves/addresses', { schema: reservesAddressesResponse, apikey: true, signal });
}
