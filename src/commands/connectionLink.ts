// A pending connection's link, offered (Open Link in the browser, Copy Link URL) only when it is
// safe to open (links/linkUrl.ts): any other is shown as text with why. And the watch of a new
// connection until it leaves PendingAuth: a cancellable progress, through the client's rate gate;
// when it ends the company's Connections folder and data statuses refresh, and a notification
// says how it ended. Every watch stops with the extension.
import * as vscode from 'vscode';
import { isApiError, isCancellation, type DataConnection, type DataPlatformClient } from '../api';
import { connectionLabel, connectionState, connectionStatusText, noLinks } from '../format/connectionLabels';
import { t } from '../l10n';
import { checkLinkUrl, shownLink, type LinkCheck } from '../links/linkUrl';
import { isPending, watchConnection } from '../links/watch';
import type { AccountRoot } from '../tree/accountRoot';
import type { CompanyNode } from '../tree/companyNodes';
import { prompt } from './prompt';
import { withCancellableProgress } from './progress';

/** Opens a checked link in the browser; false when VS Code could not. */
async function openLink(url: string): Promise<boolean> {
  return vscode.env.openExternal(vscode.Uri.parse(url, true));
}

/** Says why a link is not opened, showing it as text only. */
function refuseLink(c: DataConnection, check: Extract<LinkCheck, { ok: false }>): void {
  void prompt().notify({
    message: t(
      'The link of the {0} connection is not opened: {1}. It reads: {2}',
      connectionLabel(c),
      check.reason,
      shownLink(c.linkUrl),
    ),
    buttons: [],
    severity: 'warning',
  });
}

/** After a create: Open Link or Copy Link URL, when the link may be opened. Asked without waiting:
 * the user may answer it whenever. */
export function offerLink(c: DataConnection, baseUrl: string, company: string): LinkCheck {
  const companyName = noLinks(company);
  const check = checkLinkUrl(c.linkUrl, baseUrl);
  if (!check.ok) {
    refuseLink(c, check);
    return check;
  }
  const open = t('Open Link');
  const copy = t('Copy Link URL');
  void prompt()
    .notify({
      message: t(
        'The {0} connection of {1} waits for authorization: open its link to authorize it.',
        connectionLabel(c),
        companyName,
      ),
      buttons: [open, copy],
    })
    .then(async (chosen) => {
      if (chosen === open) await openLink(check.url);
      if (chosen === copy) await vscode.env.clipboard.writeText(check.url);
    });
  return check;
}

/** Open Link and Copy Link URL on a pending connection's node: done at once, when safe. */
export async function useLink(c: DataConnection, baseUrl: string, how: 'open' | 'copy'): Promise<LinkCheck> {
  const check = checkLinkUrl(c.linkUrl, baseUrl);
  if (!check.ok) refuseLink(c, check);
  else if (how === 'open') await openLink(check.url);
  else await vscode.env.clipboard.writeText(check.url);
  return check;
}

/** The company's Connections folder, data statuses and lists, and sync history loaded again. */
function refreshCompanyConnections(company: CompanyNode | undefined): void {
  if (!company) return;
  company.connections.refresh();
  company.data.refresh();
  company.syncHistory.refresh();
}

function watchEnded(c: DataConnection, company: string): void {
  const companyName = noLinks(company);
  const name = connectionLabel(c);
  const state = connectionState(c.status);
  const message =
    state === 'Linked'
      ? t('The {0} connection of {1} is Linked: its data is being fetched.', name, companyName)
      : isPending(c)
        ? t(
            'The {0} connection of {1} is still waiting for authorization; Refresh its Connections folder to see it later.',
            name,
            companyName,
          )
        : t(
            'The {0} connection of {1} is {2}: it was not authorized.',
            name,
            companyName,
            connectionStatusText(c.status),
          );
  void prompt().notify({
    message,
    buttons: [],
    severity: state === 'Linked' || isPending(c) ? 'information' : 'warning',
  });
}

/** The watches running, each stopped by its progress's Cancel or with the extension. */
export class ConnectionWatches implements vscode.Disposable {
  /** By connection id (lower case). */
  private readonly running = new Map<string, AbortController>();

  /** Watches `c` (just created, PendingAuth) until it leaves PendingAuth; resolves with it as last
   * seen, undefined when stopped or failed (the user is told). */
  watch(root: AccountRoot, client: DataPlatformClient, companyId: string, c: DataConnection, companyName: string) {
    const own = new AbortController();
    const key = c.id.toLowerCase();
    this.running.get(key)?.abort();
    this.running.set(key, own);
    const title = t('Waiting for the {0} connection of {1} to be authorized…', connectionLabel(c), companyName);
    const path = new URL(client.connections.connectionRequest(companyId, c.id).url).pathname;
    return withCancellableProgress(title, async (signal) => {
      const stop = () => own.abort();
      signal.addEventListener('abort', stop, { once: true });
      try {
        const get = (s?: AbortSignal) => client.connections.get(companyId, c.id, { signal: s });
        const done = await watchConnection(get, c, path, { signal: own.signal });
        refreshCompanyConnections(root.companyNode(companyId));
        watchEnded(done, companyName);
        return done;
      } catch (e) {
        if (isApiError(e) && isCancellation(e)) return undefined;
        if (isApiError(e)) root.reportError(e);
        void prompt().notify({
          message: t(
            'Could not follow the {0} connection of {1}: {2}',
            connectionLabel(c),
            companyName,
            (e as Error).message,
          ),
          buttons: [],
          severity: 'warning',
        });
        return undefined;
      } finally {
        signal.removeEventListener('abort', stop);
        if (this.running.get(key) === own) this.running.delete(key);
      }
    });
  }

  /** Stops the watch of a connection (deleted: there is nothing left to wait for). */
  stop(connectionId: string): void {
    this.running.get(connectionId.toLowerCase())?.abort();
  }

  dispose(): void {
    for (const c of this.running.values()) c.abort();
    this.running.clear();
  }
}
