// The installed .vsix, first phase: query nodes made, named and pinned through the commands, for
// the second phase to find after the real window reload.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { QueryResult } from '../../src/commands/query';
import type { QueryNode } from '../../src/tree/queryNode';
import { clearRequests, KEPT_QUERIES } from './queries';
import { installedExtension, wellKnownCompany } from './shared';

describe('query nodes, before a window reload', () => {
  it('are made, named and pinned, and stored', async () => {
    const api = installedExtension().exports;
    assert.ok(api, 'the test API');
    const companyId = await wellKnownCompany('few');
    /** Run Query… on the company, its questions answered: the type (its row's description is its
     * id: the labels are in the display language), the filter, the order (none: the first row). */
    const run = async (type: string, query: string, orderBy?: string): Promise<QueryNode> => {
      const none = { row: () => true };
      api.prompts.answers.push(
        { row: (r) => r.description === type },
        { value: query },
        orderBy ? { value: orderBy } : none,
      );
      const result = await vscode.commands.executeCommand<QueryResult>('dataPlatform.runQuery', { companyId });
      if (result?.outcome !== 'shown') assert.fail(`the query was not shown: ${JSON.stringify(result)}`);
      return (result as { node: QueryNode }).node;
    };
    await run('invoices', 'status=Paid', '-totalAmount');
    const bills = await run('bills', 'status=Open');
    api.prompts.answers.push('Open bills');
    await vscode.commands.executeCommand('dataPlatform.renameQuery', bills);
    await vscode.commands.executeCommand('dataPlatform.pinQuery', bills);
    const company = api.tree.root?.companyNode(companyId);
    assert.deepEqual(
      company?.queries.map((q) => q.toSaved()),
      KEPT_QUERIES,
    );
    // What the phase after the reload sees in the emulator's log is then only its own.
    await clearRequests();
    // Away from the Companies view again (Run Query revealed its node): after the reload, only the
    // restored invoice tab may activate the extension.
    await vscode.commands.executeCommand('workbench.view.explorer');
  });
});
