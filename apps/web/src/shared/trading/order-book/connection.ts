import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { backoffDelay } from '../../market/publicSocket';

/** Spec 1 §9 connection numbers of the spot order book. */
export const MAX_RECONNECT_ATTEMPTS = 5;
export const REST_POLL_MS = 10_000;
export const REST_RETRIES = 3;
export const REST_RETRY_BASE_MS = 2000;
export const STALE_CHECK_MS = 10_000;
export const SOCKET_STALE_MS = 20_000;
export const REST_STALE_MS = 30_000;

export type ConnectionStatus =
  | 'disconnected'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'error'
  | 'failed'
  | 'fallback';

export interface ConnectionState {
  socket: 'idle' | 'connecting' | 'open' | 'reconnecting' | 'gaveUp';
  /** Reconnect attempts since the socket was last open. */
  attempt: number;
  /** 'failed' once a REST poll used up its retries, until a REST answer or the socket succeeds. */
  rest: 'pending' | 'ok' | 'failed';
}

export type ConnectionEvent = 'start' | 'socketOpen' | 'socketClosed' | 'restOk' | 'restFailed' | 'stop';

export const initialConnection: ConnectionState = { socket: 'idle', attempt: 0, rest: 'pending' };

export function transition(state: ConnectionState, event: ConnectionEvent): ConnectionState {
  switch (event) {
    case 'start':
      return { socket: 'connecting', attempt: 0, rest: 'pending' };
    case 'stop':
      return initialConnection;
    case 'socketOpen':
      return { socket: 'open', attempt: 0, rest: state.rest === 'failed' ? 'pending' : state.rest };
    case 'socketClosed':
      if (state.socket === 'idle' || state.socket === 'gaveUp') return state;
      if (state.attempt >= MAX_RECONNECT_ATTEMPTS) return { ...state, socket: 'gaveUp' };
      return { ...state, socket: 'reconnecting', attempt: state.attempt + 1 };
    case 'restOk':
      return { ...state, rest: 'ok' };
    case 'restFailed':
      return { ...state, rest: 'failed' };
  }
}

/**
 * The status shown to the user. A live socket wins over a failing REST poll (books5 still fills
 * the top 5 levels); without a socket a REST failure is 'error', and with the socket given up
 * it is 'failed', which stops everything until the user retries.
 */
export function statusOf(state: ConnectionState): ConnectionStatus {
  if (state.socket === 'idle') return 'disconnected';
  if (state.socket === 'open') return 'connected';
  if (state.socket === 'gaveUp') return state.rest === 'failed' ? 'failed' : 'fallback';
  if (state.rest === 'failed') return 'error';
  return state.socket === 'connecting' ? 'connecting' : 'reconnecting';
}

/** Wait before reconnect attempt `attempt` (1-based): 1, 2, 4, 8, 10 s. */
export function reconnectDelay(attempt: number): number {
  return backoffDelay(Math.max(0, attempt - 1));
}

/** Wait before REST retry `retry` (1-based): 2, 4, 8 s. */
export function restRetryDelay(retry: number): number {
  return REST_RETRY_BASE_MS * 2 ** Math.max(0, retry - 1);
}

/** Whether the data is too old for the way it currently arrives. */
export function isStale(state: ConnectionState, now: number, lastSocketData: number, lastRestData: number): boolean {
  if (state.socket === 'open') return now - lastSocketData > SOCKET_STALE_MS;
  if (state.socket === 'gaveUp' && state.rest !== 'failed') return now - lastRestData > REST_STALE_MS;
  return false;
}

export function statusLabel(status: ConnectionStatus, attempt: number): MessageDescriptor {
  switch (status) {
    case 'connected':
      return msg`Live`;
    case 'connecting':
      return msg`Connecting...`;
    case 'reconnecting':
      return msg`Reconnecting (Attempt ${attempt})...`;
    case 'disconnected':
      return msg`Disconnected`;
    case 'error':
      return msg`Error`;
    case 'failed':
      return msg`Failed`;
    case 'fallback':
      return msg`Live (REST)`;
  }
}
