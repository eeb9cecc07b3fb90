// The status bar item's words, pure so they are unit-tested.
import type { RateLimitInfo } from '../api';
import type { ConnectionState } from '../connection/connection';
import { formatCount } from './amount';

/** The item's text, pure so it is unit-tested: `$(cloud) api.codat.io · 9,998 left`. */
export function statusText(state: ConnectionState, rate: RateLimitInfo | undefined): string {
  switch (state.kind) {
    case 'invalidBaseUrl':
      return '$(warning) Data Platform: base URL refused';
    case 'secretsUnavailable':
      return `$(warning) ${state.host}: secret storage unavailable`;
    case 'noKey':
      return `$(key) ${state.host}: no API key`;
    case 'ready':
      return rate?.remaining !== undefined ? `$(cloud) ${state.host} · ${formatCount(rate.remaining)} left` : `$(cloud) ${state.host}`;
  }
}

export function statusTooltip(state: ConnectionState, rate: RateLimitInfo | undefined): string {
  const lines = ['Data Platform'];
  if (state.kind === 'invalidBaseUrl') lines.push(state.message);
  else if (state.kind === 'secretsUnavailable') lines.push(`API: ${state.baseUrl}`, state.message);
  else lines.push(`API: ${state.baseUrl}`, state.kind === 'noKey' ? 'No API key set' : 'API key set');
  if (state.kind === 'ready' && rate) {
    if (rate.remaining !== undefined && rate.limit !== undefined) lines.push(`Rate limit: ${formatCount(rate.remaining)} of ${formatCount(rate.limit)} left`);
    if (rate.resetAt !== undefined) lines.push(`Resets at ${new Date(rate.resetAt).toLocaleTimeString()}`);
  }
  lines.push('', 'Click to show the log');
  return lines.join('\n');
}
