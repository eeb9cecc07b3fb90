// Words of an account in the Companies view (its root node when there are several), pure so they
// are unit-tested.
import type { Account } from '../accounts/accountList';
import { environmentName, type Environment } from '../accounts/environment';
import type { ConnectionState } from '../connection/connection';
import { t } from '../l10n';
import { escapeMarkdown } from './markdown';

/** The host the account talks to, shown next to its name; the base URL when it cannot be read. */
export function accountHost(account: Account): string {
  try {
    return new URL(account.baseUrl).host;
  } catch {
    return account.baseUrl;
  }
}

/** The codicon of each environment: the account root's, the status bar's, the pick's. */
export const ENVIRONMENT_ICONS: Readonly<Record<Environment, string>> = {
  production: 'flame',
  test: 'beaker',
  local: 'device-desktop',
};

/** Next to the account's name: the host, or `Production` alone on a production account (its host,
 * which cut the word off at the sidebar's default width, is in the tooltip's base URL). */
export function accountDescription(account: Account): string {
  return account.environment === 'production' ? environmentName('production') : accountHost(account);
}

/** One line saying what the account can do now. */
export function accountStateLine(state: ConnectionState): string {
  switch (state.kind) {
    case 'ready':
      return t('API key set');
    case 'noKey':
      return t('No API key set');
    case 'invalidBaseUrl':
    case 'secretsUnavailable':
      return state.message;
  }
}

/** What the environment means for the user's writes. */
export function environmentLine(environment: Environment): string {
  switch (environment) {
    case 'production':
      return t('Production: every write asks first');
    case 'test':
      return t('Test environment');
    case 'local':
      return t('Local environment');
  }
}

/** The account root's tooltip (Markdown): name, environment, base URL, state. */
export function accountTooltip(account: Account, state: ConnectionState): string {
  const e = escapeMarkdown;
  return [
    `**${e(account.name)}**`,
    '',
    `$(${ENVIRONMENT_ICONS[account.environment]}) ${e(environmentLine(account.environment))}  `,
    `${t('Base URL: {0}', e(account.baseUrl))}  `,
    e(accountStateLine(state)),
  ].join('\n');
}

/** What an account root shows instead of companies when it cannot list them; undefined when it can. */
export function accountProblem(
  state: ConnectionState,
): { label: string; setKey: boolean; editAccount: boolean } | undefined {
  switch (state.kind) {
    case 'ready':
      return undefined;
    case 'noKey':
      return { label: t('No API key: set one to list the companies'), setKey: true, editAccount: false };
    case 'invalidBaseUrl':
      return { label: t('Base URL refused: {0}', state.message), setKey: false, editAccount: true };
    case 'secretsUnavailable':
      return { label: state.message, setKey: false, editAccount: false };
  }
}

/** What a command says when the account it acts on has no key yet. */
export function noKeyMessage(accountName: string | undefined): string {
  return accountName
    ? t('Set an API key for {0} first: it has none yet.', accountName)
    : t('Set an API key first: this account has none yet.');
}
