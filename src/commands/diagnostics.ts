// The commands of the diagnostics panel and of an error's whole body; what they show is the
// diagnostics folder's (diagnostics/panel.ts, diagnostics/bodyTabs.ts).
import type * as vscode from 'vscode';
import { OPEN_BODY_COMMAND, type BodyDocuments } from '../diagnostics/bodyTabs';
import type { DiagnosticsPanelApi } from '../diagnostics/panel';
import { registerCommand } from './register';

const SHOW_DIAGNOSTICS_COMMAND = 'dataPlatform.showDiagnostics';

export function registerDiagnosticsCommands(panel: DiagnosticsPanelApi, bodies: BodyDocuments): vscode.Disposable[] {
  return [
    // Returns the handle so tests in the same host can inspect the panel without another API field.
    registerCommand(SHOW_DIAGNOSTICS_COMMAND, async (target?: unknown): Promise<DiagnosticsPanelApi> => {
      await panel.show(target);
      return panel;
    }),
    // Returns the URI it opened.
    registerCommand(OPEN_BODY_COMMAND, (target?: unknown) => bodies.open(target)),
  ];
}
