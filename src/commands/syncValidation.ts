// Validation Results of a sync (a pull operation of the Sync history): what the pull's validation
// found (`GET /companies/{companyId}/sync/{datasetId}/validation`), opened read-only as JSON; a pull
// whose validation found nothing says so instead of opening an empty document.
import * as vscode from 'vscode';
import type { ApiError, PullValidation } from '../api';
import { t } from '../l10n';
import type { DraftFileSystem } from '../push/drafts';
import { SyncNode } from '../tree/syncHistory';
import { accountOfNode } from './accountTarget';
import { withProgress } from './progress';
import { endedBy } from './register';

export type SyncValidationResult =
  | { outcome: 'opened'; uri: vscode.Uri; errors: number; warnings: number }
  | { outcome: 'none' }
  | { outcome: 'cancelled' }
  | { outcome: 'failed'; error: ApiError };

export async function showSyncValidation(drafts: DraftFileSystem, node: unknown): Promise<SyncValidationResult> {
  const target = accountOfNode(node);
  const client = target?.connection.client;
  if (!(node instanceof SyncNode) || !target || !client) return { outcome: 'cancelled' };
  const op = node.operation;
  const company = node.history.company;
  let validation: PullValidation;
  try {
    validation = await withProgress(
      {
        location: vscode.ProgressLocation.Window,
        title: t('Reading the validation of the {0} sync of {1}…', op.dataType, company.name),
      },
      () => client.connections.validation(company.id, op.id),
    );
  } catch (e) {
    return endedBy(e, (error) => {
      target.report(error, { prompt: false });
      void vscode.window
        .showErrorMessage(t('Could not read the validation of the sync: {0}', error.message), t('Show Details'))
        .then((c) => {
          if (c) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', error);
        });
      return { outcome: 'failed' as const, error };
    });
  }
  const errors = Array.isArray(validation.errors) ? validation.errors.length : 0;
  const warnings = Array.isArray(validation.warnings) ? validation.warnings.length : 0;
  if (errors === 0 && warnings === 0) {
    void vscode.window.showInformationMessage(
      t('The {0} sync of {1} has no validation errors or warnings.', op.dataType, company.name),
    );
    return { outcome: 'none' };
  }
  const editor = await drafts.openJson(`validation ${op.dataType} ${op.id}`, validation);
  return { outcome: 'opened', uri: editor.document.uri, errors, warnings };
}
