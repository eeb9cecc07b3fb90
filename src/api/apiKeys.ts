// The API key requests: list, create (a name of at most 50 characters) and delete, built as
// requests.ts builds the reads, every parameter checked before anything is sent; and what of
// their answers, which hold keys besides the account's own, goes any further (keptApiKeys).
import { checkId, checkOptionalText, MAX_API_KEY_NAME_LENGTH } from './requestChecks';
import { createRedactor, type Redactor } from './redact';
import type { ApiRequest } from './requests';
import { isRecord } from '../util/guards';

export interface CreateApiKeyRequest {
  name?: string;
}

/** The account's API keys (a list of one page, without links). */
export const API_KEYS_PATH = '/apiKeys';

export function apiKeysRequest(): ApiRequest {
  return { method: 'GET', path: API_KEYS_PATH };
}

export function createApiKeyRequest(request: CreateApiKeyRequest = {}): ApiRequest {
  const target = { method: 'POST', path: API_KEYS_PATH };
  const name = checkOptionalText(target, request?.name, 'name', MAX_API_KEY_NAME_LENGTH);
  return { method: 'POST', path: API_KEYS_PATH, body: name !== undefined ? { name } : {} };
}

export function deleteApiKeyRequest(apiKeyId: string): ApiRequest {
  const id = checkId({ method: 'DELETE', path: `${API_KEYS_PATH}/{apiKeyId}` }, apiKeyId, 'apiKeyId');
  return { method: 'DELETE', path: `${API_KEYS_PATH}/${id}` };
}

/** The fields of a listed or created key that go further than the transport. */
const KEPT_TEXT = ['id', 'name', 'createdDate'] as const;

/** A name (or id, or date) redacted of the account's key and of every listed one. */
function scrubbed(text: string, redactors: readonly Redactor[]): string {
  return redactors.reduce((t, redact) => redact(t), text);
}

function keptKey(entry: unknown, redactors: readonly Redactor[]): unknown {
  if (!isRecord(entry)) return null;
  const kept: Record<string, string> = {};
  for (const field of KEPT_TEXT) {
    const value = entry[field];
    if (typeof value === 'string') kept[field] = scrubbed(value, redactors);
  }
  if (typeof entry.apiKey === 'string') kept.apiKey = entry.apiKey;
  return kept;
}

/**
 * What the client keeps of an answer of `GET /apiKeys` (`{results}`) or `POST /apiKeys` (one key):
 * each key's id, name and created date, and the key itself where it is a string; everything else
 * (a key as `{value}`, in a list, in another field, in `_links`) is dropped on arrival. A name
 * that holds the account's key, or a listed one, in any form the redactor finds, is redacted.
 */
export function keptApiKeys(json: unknown, redact: Redactor): unknown {
  const list = isRecord(json) && Array.isArray(json.results) ? json.results : undefined;
  const entries = list ?? [json];
  const keys = entries.flatMap((e) => (isRecord(e) && typeof e.apiKey === 'string' ? [e.apiKey] : []));
  const redactors = [redact, ...new Set(keys)].map((k) => (typeof k === 'string' ? createRedactor(k) : k));
  return list ? { results: list.map((e) => keptKey(e, redactors)) } : keptKey(json, redactors);
}
