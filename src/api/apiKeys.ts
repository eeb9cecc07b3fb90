// The API key requests: list, create (a name of at most 50 characters) and delete, built as
// requests.ts builds the reads, every parameter checked before anything is sent.
import { checkId, checkOptionalText, MAX_API_KEY_NAME_LENGTH } from './requestChecks';
import type { ApiRequest } from './requests';

export interface CreateApiKeyRequest {
  name?: string;
}

export function apiKeysRequest(): ApiRequest {
  return { method: 'GET', path: '/apiKeys' };
}

export function createApiKeyRequest(request: CreateApiKeyRequest = {}): ApiRequest {
  const name = checkOptionalText({ method: 'POST', path: '/apiKeys' }, request?.name, 'name', MAX_API_KEY_NAME_LENGTH);
  return { method: 'POST', path: '/apiKeys', body: name !== undefined ? { name } : {} };
}

export function deleteApiKeyRequest(apiKeyId: string): ApiRequest {
  const id = checkId({ method: 'DELETE', path: '/apiKeys/{apiKeyId}' }, apiKeyId, 'apiKeyId');
  return { method: 'DELETE', path: `/apiKeys/${id}` };
}
