// The status bar item's words, pure so they are unit-tested: each account in use with the
// rate-limit budget its own key has left.
import type { RateLimitInfo } from '../api';
import type { ConnectionState } from '../connection/connection';
import { t } from '../l10n';
import { formatCount } from './amount';

/** One account as the status bar shows it. */
export interface AccountStatus {
  name: string;
  state: ConnectionState;
  rate?: RateLimitInfo;
}

/** `$(cloud) Production · 9,998 left`. */
function segment({ name, state, rate }: AccountStatus): string {
  switch (state.kind) {
    case 'invalidBaseUrl':
      return t('$(warning) {0}: base URL refused', name);
    case 'secretsUnavailable':
      return t('$(warning) {0}: secret storage unavailable', name);
    case 'noKey':
      return t('$(key) {0}: no API key', name);
    case 'ready':
      return rate?.remaining !== undefined
        ? t('$(cloud) {0} · {1} left', name, formatCount(rate.remaining))
        : `$(cloud) ${name}`;
  }
}

/** The item's text: every account, in the list's order. */
export function statusBarText(accounts: readonly AccountStatus[]): string {
  if (accounts.length === 0) return t('$(account) Data Platform: no account');
  return accounts.map(segment).join(' | ');
}

function accountLines({ name, state, rate }: AccountStatus): string[] {
  const lines = [name];
  if (state.kind === 'invalidBaseUrl') lines.push(state.message);
  else if (state.kind === 'secretsUnavailable') lines.push(t('API: {0}', state.baseUrl), state.message);
  else lines.push(t('API: {0}', state.baseUrl), state.kind === 'noKey' ? t('No API key set') : t('API key set'));
  if (state.kind === 'ready' && rate) {
    if (rate.remaining !== undefined && rate.limit !== undefined) {
      lines.push(t('Rate limit: {0} of {1} left', formatCount(rate.remaining), formatCount(rate.limit)));
    }
    if (rate.resetAt !== undefined) lines.push(t('Resets at {0}', new Date(rate.resetAt).toLocaleTimeString()));
  }
  return lines;
}

export function statusBarTooltip(accounts: readonly AccountStatus[]): string {
  const lines = ['Data Platform'];
  for (const a of accounts) lines.push('', ...accountLines(a));
  lines.push('', t('Click to show the log'));
  return lines.join('\n');
}
