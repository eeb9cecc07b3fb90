// The status bar item's words, pure so they are unit-tested. Short: the account in use (the
// selected node's, else the first) and what its key has left; everything else, every account with
// its environment, state and budget, in the tooltip (Markdown).
import type { Environment } from '../accounts/environment';
import type { RateLimitInfo } from '../api';
import type { ConnectionState } from '../connection/connection';
import { t } from '../l10n';
import { ENVIRONMENT_ICONS, environmentLine } from './accountLabels';
import { formatCount } from '../util/amount';
import { escapeMarkdown } from './markdown';

/** One account as the status bar shows it. */
export interface StatusBarAccount {
  id: string;
  name: string;
  environment: Environment;
  state: ConnectionState;
  rate?: RateLimitInfo;
}

/** The account in use: the selected one, else the first. */
export function accountInUse(accounts: readonly StatusBarAccount[], selectedId?: string): StatusBarAccount | undefined {
  return accounts.find((a) => a.id === selectedId) ?? accounts[0];
}

/** `$(flame) Live · 9,998 left`: production has its own icon; a problem shows instead. */
export function statusBarText(current: StatusBarAccount | undefined): string {
  if (!current) return t('$(account) Data Platform: no account');
  const { name, state, rate } = current;
  switch (state.kind) {
    case 'invalidBaseUrl':
      return t('$(warning) {0}: base URL refused', name);
    case 'secretsUnavailable':
      return t('$(warning) {0}: secret storage unavailable', name);
    case 'noKey':
      return t('$(key) {0}: no API key', name);
    case 'ready': {
      const icon = current.environment === 'production' ? `$(${ENVIRONMENT_ICONS.production})` : '$(cloud)';
      return rate?.remaining !== undefined
        ? t('{0} {1} · {2} left', icon, name, formatCount(rate.remaining))
        : `${icon} ${name}`;
    }
  }
}

/** When the budget resets: ahead, or passed (the figure then is from before it, until the next
 * request brings the new one). */
function resetLine(resetAt: number, now: number): string {
  const time = new Date(resetAt).toLocaleTimeString();
  return resetAt > now ? t('Resets at {0}', time) : t('Reset at {0}: the next request shows the new budget', time);
}

function accountLines({ name, environment, state, rate }: StatusBarAccount, inUse: boolean, now: number): string[] {
  const e = escapeMarkdown;
  const lines = [
    inUse ? t('**{0}** (in use)', e(name)) : `**${e(name)}**`,
    `$(${ENVIRONMENT_ICONS[environment]}) ${e(environmentLine(environment))}`,
  ];
  if (state.kind === 'invalidBaseUrl') lines.push(e(state.message));
  else if (state.kind === 'secretsUnavailable') lines.push(e(t('API: {0}', state.baseUrl)), e(state.message));
  else
    lines.push(e(t('API: {0}', state.baseUrl)), state.kind === 'noKey' ? e(t('No API key set')) : e(t('API key set')));
  if (state.kind === 'ready' && rate) {
    if (rate.remaining !== undefined && rate.limit !== undefined)
      lines.push(e(t('Rate limit: {0} of {1} left', formatCount(rate.remaining), formatCount(rate.limit))));
    if (rate.resetAt !== undefined) lines.push(e(resetLine(rate.resetAt, now)));
  }
  return lines;
}

/** Every account (Markdown, with theme icons), the one in use marked, as of `now`. */
export function statusBarTooltip(
  accounts: readonly StatusBarAccount[],
  current?: StatusBarAccount,
  now: number = Date.now(),
): string {
  const blocks = [t('**Data Platform**')];
  for (const a of accounts) blocks.push(accountLines(a, accounts.length > 1 && a === current, now).join('  \n'));
  blocks.push(t('Click for actions: refresh, query, accounts, diagnostics, the log'));
  return blocks.join('\n\n');
}

/** The next budget reset still ahead of `now` among the accounts, when the tooltip must change. */
export function nextReset(accounts: readonly StatusBarAccount[], now: number): number | undefined {
  const ahead = accounts.flatMap((a) =>
    a.rate?.resetAt !== undefined && a.rate.resetAt > now ? [a.rate.resetAt] : [],
  );
  return ahead.length > 0 ? Math.min(...ahead) : undefined;
}
