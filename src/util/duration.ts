// Durations as a person reads them, in the display language.
import { t } from '../l10n';

/**
 * `exact`, for a duration that was set (a timeout): "50 ms", "1.5 s". `wait`, for a wait still
 * ahead (Retry-After, a rate-limit reset): whole seconds, then minutes, rounded up and never to
 * zero, so "retry in 0 s" is never shown while the wait lasts.
 */
export function formatDuration(ms: number, style: 'exact' | 'wait' = 'exact'): string {
  if (style === 'exact') return ms < 1000 ? t('{0} ms', ms) : t('{0} s', Math.round(ms / 100) / 10);
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return t('{0} s', seconds);
  return t('{0} min', Math.ceil(seconds / 60));
}
