import {
  apiKeyCodeResponse,
  apiKeyCreateResponse,
  apiKeyDeleteResponse,
  apiKeysResponse,
  type ApiKeyCreateRequest,
  type ApiKeyCreateResponse,
  type ApiKeysResponse,
} from '@exchange/contract';
import { apiRequest } from '../../../shared/api/http';

const KEYS = '/api/v1/api-keys';

/** GET /api/v1/api-keys: the user's keys with their last use, never a secret. */
export function fetchApiKeys(signal?: AbortSignal): Promise<ApiKeysResponse> {
  return apiRequest(KEYS, { schema: apiKeysResponse, auth: true, signal });
}

/** POST /api/v1/api-keys/email-code: mails the code creating and deleting a key need. */
export function sendApiKeyCode(): Promise<{ message: string }> {
  return apiRequest(`${KEYS}/email-code`, { method: 'POST', body: {}, schema: apiKeyCodeResponse, auth: true });
}

/** POST /api/v1/api-keys: the answer is the only one that carries the secret. */
export function createApiKey(body: ApiKeyCreateRequest): Promise<ApiKeyCreateResponse> {
  return apiRequest(KEYS, { method: 'POST', body, schema: apiKeyCreateResponse, auth: true });
}

export function deleteApiKey(apiKey: string, body: { email_code: string; totp_code?: string }): Promise<{ deleted: true }> {
  return apiRequest(`${KEYS}/${encodeURIComponent(apiKey)}`, { method: 'DELETE', body, schema: apiKeyDeleteResponse, auth: true });
}
