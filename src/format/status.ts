// The status bar item's words, pure so they are unit-tested.
import type { RateLimitInfo } from '../api';
import type { ConnectionState } from '../connection/connection';
import { t } from '../l10n';
import { formatCount } from './amount';

/** The item's text, pure so it is unit-tested: `$(cloud) api.codat.io · 9,998 left`. */
export function statusText(state: ConnectionState, rate: RateLimitInfo | undefined): string {
  switch (state.kind) {
    case 'invalidBaseUrl':
      return t('$(warning) Data Platform: base URL refused');
    case 'secretsUnavailable':
      return t('$(warning) {0}: secret storage unavailable', state.host);
    case 'noKey':
      return t('$(key) {0}: no API key', state.host);
    case 'ready':
      return rate?.remaining !== undefined ? t('$(cloud) {0} · {1} left', state.host, formatCount(rate.remaining)) : `$(cloud) ${state.host}`;
  }
}

export function statusTooltip(state: ConnectionState, rate: RateLimitInfo | undefined): string {
  const lines = ['Data Platform'];
  if (state.kind === 'invalidBaseUrl') lines.push(state.message);
  else if (state.kind === 'secretsUnavailable') lines.push(t('API: {0}', state.baseUrl), state.message);
  else lines.push(t('API: {0}', state.baseUrl), state.kind === 'noKey' ? t('No API key set') : t('API key set'));
  if (state.kind === 'ready' && rate) {
    if (rate.remaining !== undefined && rate.limit !== undefined) {
      lines.push(t('Rate limit: {0} of {1} left', formatCount(rate.remaining), formatCount(rate.limit)));
    }
    if (rate.resetAt !== undefined) lines.push(t('Resets at {0}', new Date(rate.resetAt).toLocaleTimeString()));
  }
  lines.push('', t('Click to show the log'));
  return lines.join('\n');
}
