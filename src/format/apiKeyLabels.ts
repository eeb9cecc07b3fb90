// How an account's API keys read: a key's name, its last four characters and when it was made,
// never the key itself. `GET /apiKeys` returns every key whole, so the tree keeps a summary made
// as the list arrives (the whole keys go no further than that), and every word here is built from
// the summary. Pure, so it is unit-tested.
import { MAX_API_KEY_NAME_LENGTH, type ApiKeyDetails } from '../api';
import { t } from '../l10n';
import { escapeMarkdown } from './markdown';

/** The most keys an account holds (Codat's limit): the next one is refused with a 409. */
export const API_KEY_LIMIT = 10;

/** Below this length no character of a key is shown: four of a short key are too much of it. */
const SHORTEST_SHOWN = 16;

/** What the tree keeps of a key: everything but the key. */
export interface ApiKeySummary {
  id: string;
  name?: string;
  createdDate: string;
  /** The key's last four characters; empty for a key too short to show any. */
  last4: string;
  /** The account's own key, the one its requests are made with. */
  inUse: boolean;
}

/** The last four characters of `key`, or nothing when it is too short to show a part of. */
export function lastFour(key: string): string {
  return key.length >= SHORTEST_SHOWN ? key.slice(-4) : '';
}

/** The summary of a listed or created key; `inUse` says whether it is the account's own. */
export function summariseApiKey(details: ApiKeyDetails, inUse: boolean): ApiKeySummary {
  const name = typeof details.name === 'string' ? details.name.trim() : '';
  return {
    id: details.id,
    ...(name ? { name } : {}),
    createdDate: typeof details.createdDate === 'string' ? details.createdDate : '',
    last4: typeof details.apiKey === 'string' ? lastFour(details.apiKey) : '',
    inUse,
  };
}

/** `…a1b2`: how the key is named where it cannot be shown. */
export function maskedKey(key: ApiKeySummary): string {
  return `…${key.last4}`;
}

/** The key's name, or "Unnamed key". */
export function apiKeyLabel(key: ApiKeySummary): string {
  return key.name ?? t('Unnamed key');
}

/** The date the key was made, in the user's locale; as sent when it is no date. */
export function createdOn(key: ApiKeySummary, locale?: string): string {
  const at = new Date(key.createdDate);
  return Number.isNaN(at.getTime()) ? key.createdDate : at.toLocaleDateString(locale, { dateStyle: 'medium' });
}

/** `…a1b2 · 1 Mar 2021 · in use`. */
export function apiKeyDescription(key: ApiKeySummary, locale?: string): string {
  const parts = [maskedKey(key), createdOn(key, locale)];
  if (key.inUse) parts.push(t('in use'));
  return parts.filter((p) => p !== '').join(' · ');
}

/** Markdown: the name, its last characters, when it was made, whether the account uses it. */
export function apiKeyTooltip(key: ApiKeySummary, locale?: string): string {
  const e = escapeMarkdown;
  const lines = [`**${e(apiKeyLabel(key))}**`, ''];
  if (key.last4) lines.push(`${t('Ends in {0}', e(maskedKey(key)))}  `);
  const at = new Date(key.createdDate);
  const created = Number.isNaN(at.getTime())
    ? key.createdDate
    : at.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  if (created) lines.push(`${t('Created: {0}', e(created))}  `);
  lines.push(t('Id: {0}', e(key.id)));
  if (key.inUse) lines.push('', t('This account makes its requests with this key.'));
  return lines.join('\n');
}

/** What the name box says as the user types: too long, or nothing (an empty name is allowed). */
export function apiKeyNameProblem(name: string): string | undefined {
  const length = name.trim().length;
  return length > MAX_API_KEY_NAME_LENGTH
    ? t('A name of at most {0} characters, please ({1} now).', MAX_API_KEY_NAME_LENGTH, length)
    : undefined;
}

/** After a create: the key is shown this once, and only by its last characters. */
export function apiKeyCreatedMessage(key: ApiKeySummary, accountName: string): string {
  return t(
    'API key "{0}" ({1}) created for {2}. Copy it now: it is not shown again.',
    apiKeyLabel(key),
    maskedKey(key),
    accountName,
  );
}

/** The 409 of an eleventh key, and what to do about it. */
export function apiKeyLimitMessage(accountName: string): string {
  return t(
    '{0} already has {1} API keys, the most an account can hold. Delete a key it no longer needs, then create the new one.',
    accountName,
    API_KEY_LIMIT,
  );
}

/** The first question before a delete. */
export function deleteApiKeyQuestion(key: ApiKeySummary, accountName: string): string {
  return t('Delete the API key "{0}" ({1}) of {2}?', apiKeyLabel(key), maskedKey(key), accountName);
}

/** The second, for the key the account itself uses. */
export function deleteKeyInUseWarning(accountName: string): string {
  return t(
    'This is the key {0} uses: the account will stop working until you set another key. Delete it anyway?',
    accountName,
  );
}
