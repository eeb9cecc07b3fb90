// "Copy as cURL": the request behind a company, a data type's list, a query or a record in the
// Companies view (built by the client, exactly as it would send it), or behind an error node or a
// diagnostics entry (as the client kept it when it failed), as a shell command on the clipboard.
// The key is never in it: the command reads it from an environment variable when it runs
// (src/share/curl.ts).
import * as vscode from 'vscode';
import { isApiError, type DataPlatformClient, type PreparedRequest } from '../api';
import type { DiagnosticsStore } from '../diagnostics/store';
import { noKeyMessage } from '../format/accountLabels';
import { t } from '../l10n';
import { API_KEY_VARIABLE, COPY_CURL_COMMAND, curlCommand, requestOfError } from '../share/curl';
import { AttachmentNode } from '../tree/attachmentNodes';
import { RecordListNode, RecordNode } from '../tree/dataNodes';
import { ErrorNode } from '../tree/leafNodes';
import type { TreeNode } from '../tree/node';
import { CompanyNode } from '../tree/companyNodes';
import { accountOfNode } from './accountTarget';
import { registerCommand } from './register';

interface ShareCommandDeps {
  /** From the palette, the command acts on the view's selection. */
  view: vscode.TreeView<TreeNode>;
  /** The client of the node's account. */
  client(node: TreeNode): DataPlatformClient | undefined;
  /** A list's request asks for its first page at the size the tree loads it with. */
  pageSize(): number;
  diagnostics: Pick<DiagnosticsStore, 'entries'>;
}

/** What the diagnostics panel passes: a live entry, by its id only. */
interface DiagnosticsEntryTarget {
  diagnosticsEntry: string;
}

function isEntryTarget(arg: unknown): arg is DiagnosticsEntryTarget {
  return (
    typeof arg === 'object' &&
    arg !== null &&
    typeof (arg as Partial<DiagnosticsEntryTarget>).diagnosticsEntry === 'string'
  );
}

type Shareable = CompanyNode | RecordListNode | RecordNode | AttachmentNode;

const isShareable = (node: unknown): node is Shareable =>
  node instanceof CompanyNode ||
  node instanceof RecordListNode ||
  node instanceof RecordNode ||
  (node instanceof AttachmentNode && node.folder.place() !== undefined);

/** The request the node's first load sends (a list: its first page, with its filter and order). */
function requestOfNode(node: Shareable, client: DataPlatformClient, pageSize: number): PreparedRequest {
  if (node instanceof CompanyNode) return client.companyRequest(node.company.id);
  // An attachment's download (written to a file by curl, never to the terminal).
  const place = node instanceof AttachmentNode ? node.folder.place() : undefined;
  if (node instanceof AttachmentNode && place)
    return client.documents.attachmentDownloadRequest(place, node.attachment.id);
  if (node instanceof AttachmentNode) throw new Error('an attachment listed without its connection');
  if (node instanceof RecordNode) return client.recordRequest(node.spec.id, node.place, node.record.id);
  const { query, orderBy } = node.query;
  return client.recordsRequest(node.spec.id, node.place, { pageSize, query, orderBy });
}

async function copy(command: string, mayBeApplied = false): Promise<string> {
  await vscode.env.clipboard.writeText(command);
  if (mayBeApplied) {
    void vscode.window.showWarningMessage(
      t(
        'Copied the request as a curl command. It got no usable answer, so it may already have been applied: running it again may write it twice. Set {0} to your API key before running it.',
        API_KEY_VARIABLE,
      ),
    );
    return command;
  }
  void vscode.window.showInformationMessage(
    t(
      'Copied the request as a curl command. Set the environment variable {0} to your API key before running it: the command reads the key from there and never holds it.',
      API_KEY_VARIABLE,
    ),
  );
  return command;
}

async function copyNode(arg: unknown, deps: ShareCommandDeps): Promise<string | undefined> {
  const canCopy = (n: unknown): n is Shareable | ErrorNode => n instanceof ErrorNode || isShareable(n);
  const node = canCopy(arg) ? arg : deps.view.selection.find(canCopy);
  if (node instanceof ErrorNode) return copyFailed(node);
  if (!node) {
    void vscode.window.showInformationMessage(
      t('Select a company, a data type, a query or a record in the Data Platform view to copy its request.'),
    );
    return undefined;
  }
  const client = deps.client(node);
  if (!client) {
    void vscode.window.showWarningMessage(noKeyMessage(accountOfNode(node)?.connection.account.name));
    return undefined;
  }
  let request: PreparedRequest;
  try {
    request = requestOfNode(node, client, deps.pageSize());
  } catch (e) {
    // A parameter the client refuses (a filter that no longer parses) is a request never sent.
    if (!isApiError(e)) throw e;
    void vscode.window.showErrorMessage(t('Could not copy the request: {0}', e.message));
    return undefined;
  }
  // The URL holds what the user typed: a key pasted into a filter is not copied either.
  return copy(client.redact(curlCommand(request)));
}

/** An error node: the request that failed, as the client kept it (already redacted). */
async function copyFailed(node: ErrorNode): Promise<string | undefined> {
  const request = node.sentRequest;
  if (!request) {
    void vscode.window.showInformationMessage(
      t('This error has no request that can be copied: it was refused before sending.'),
    );
    return undefined;
  }
  return copy(curlCommand(request), request.note !== undefined);
}

async function copyEntry(target: DiagnosticsEntryTarget, deps: ShareCommandDeps): Promise<string | undefined> {
  // By entry id only, never by correlationId: a server could send one that reads like an entry id.
  const entry = deps.diagnostics.entries().find((e) => e.id === target.diagnosticsEntry);
  const request = entry && requestOfError(entry.error);
  if (!request) {
    void vscode.window.showInformationMessage(
      t('This error has no request that can be copied: it was refused before sending, or the entry has left the list.'),
    );
    return undefined;
  }
  // Already redacted by the client when the error was made.
  return copy(curlCommand(request), request.note !== undefined);
}

export function registerShareCommands(deps: ShareCommandDeps): vscode.Disposable[] {
  return [
    registerCommand(COPY_CURL_COMMAND, (arg?: unknown) =>
      isEntryTarget(arg) ? copyEntry(arg, deps) : copyNode(arg, deps),
    ),
  ];
}
