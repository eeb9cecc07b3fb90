// Entry point: wiring only. Filled in by the extension issue.
import * as vscode from "vscode";

export function activate(_context: vscode.ExtensionContext): void {
  // Nothing to wire yet.
}

export function deactivate(): void {}
