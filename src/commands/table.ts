// Open as Table on a list of records (a data type, a query, a list's menu), and the quick pick the
// table's Columns… button shows: each column with whether it is shown; picking one shows or hides it.
import * as vscode from 'vscode';
import { t } from '../l10n';
import type { Tables } from '../panels/tablePanel';
import { RecordListNode } from '../tree/dataNodes';
import { ErrorNode, LoadAllNode, LoadMoreNode } from '../tree/leafNodes';
import type { TreeNode } from '../tree/node';
import { createQuickPick } from './quickPicks';
import { prompt } from './prompt';
import { registerCommand } from './register';

interface ColumnItem extends vscode.QuickPickItem {
  column?: string;
}

/** The columns shown after one is picked (shown ↔ hidden); undefined when dismissed. The last
 * shown column cannot be hidden. */
async function pickColumns(all: readonly string[], shown: readonly string[]): Promise<string[] | undefined> {
  const pick = createQuickPick<ColumnItem>();
  pick.title = t('Columns: pick one to show or hide it');
  pick.placeholder = t('Column');
  pick.items = all.map((column) => {
    const on = shown.includes(column);
    return { label: `$(${on ? 'check' : 'blank'}) ${column}`, description: on ? t('shown') : t('hidden'), column };
  });
  const row = await prompt().pick({ pick });
  const column = row?.column;
  if (column === undefined) return undefined;
  if (!shown.includes(column)) return [...shown, column];
  return shown.length > 1 ? shown.filter((c) => c !== column) : undefined;
}

/** The list a menu entry was invoked on: a list node, or its Load More, Load All or error row. */
function listOf(node: unknown, view: vscode.TreeView<TreeNode>): RecordListNode | undefined {
  const row = node instanceof ErrorNode || node instanceof LoadMoreNode || node instanceof LoadAllNode;
  const target = row ? node.owner : (node ?? view.selection.find((n) => n instanceof RecordListNode));
  return target instanceof RecordListNode ? target : undefined;
}

export function registerTableCommands(tables: Tables, view: vscode.TreeView<TreeNode>): vscode.Disposable[] {
  tables.pickColumns = pickColumns;
  return [
    registerCommand('dataPlatform.openTable', async (node?: unknown) => {
      const list = listOf(node, view);
      if (list) return tables.open(list);
      void vscode.window.showInformationMessage(t('Select a data type or a query in the Data Platform view first.'));
      return undefined;
    }),
  ];
}
