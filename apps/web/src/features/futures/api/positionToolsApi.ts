import {
  leverageResponse,
  marginChangeResponse,
  positionModeResponse,
  setLeverageResponse,
  tpslResponse,
  type FuturesSide,
  type LeverageResponse,
  type MarginChangeBody,
  type MarginChangeResponse,
  type MarginMode,
  type PositionMode,
  type PositionModeResponse,
  type SetLeverageResponse,
  type TpslBody,
  type TpslResponse,
} from '@exchange/contract';
import { apiRequest } from '../../../shared/api/http';

/** The caller's leverage per side and margin mode on a contract, with the cap of each (issue 41). */
export function fetchLeverage(instId: string, signal?: AbortSignal): Promise<LeverageResponse> {
  return apiRequest('/api/v1/futures/leverage', { query: { contract: instId }, schema: leverageResponse, signal, auth: true, apikey: true });
}

export function setLeverage(instId: string, side: FuturesSide, marginMode: MarginMode, leverage: number): Promise<SetLeverageResponse> {
  return apiRequest('/api/v1/futures/leverage', {
    method: 'PUT',
    body: { contract: instId, side, margin_mode: marginMode, leverage },
    schema: setLeverageResponse,
    auth: true,
    apikey: true,
  });
}

export function changeMargin(positionId: string, body: MarginChangeBody): Promise<MarginChangeResponse> {
  return apiRequest(`/api/v1/futures/positions/${positionId}/margin`, { method: 'POST', body, schema: marginChangeResponse, auth: true, apikey: true });
}

export function setTpsl(positionId: string, body: TpslBody): Promise<TpslResponse> {
  return apiRequest(`/api/v1/futures/positions/${positionId}/tpsl`, { method: 'PUT', body, schema: tpslResponse, auth: true, apikey: true });
}

export function clearTpsl(positionId: string): Promise<TpslResponse> {
  return apiRequest(`/api/v1/futures/positions/${positionId}/tpsl`, { method: 'DELETE', schema: tpslResponse, auth: true, apikey: true });
}

/** The caller's position mode: hedge (long and short apart) or one_way (one net position per contract). */
export function fetchPositionMode(signal?: AbortSignal): Promise<PositionModeResponse> {
  return apiRequest('/api/v1/futures/position-mode', { schema: positionModeResponse, signal, auth: true, apikey: true });
}

export function setPositionMode(mode: PositionMode): Promise<PositionModeResponse> {
  return apiRequest('/api/v1/futures/position-mode', { method: 'PUT', body: { position_mode: mode }, schema: positionModeResponse, auth: true, apikey: true });
}
