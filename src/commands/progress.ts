// A cancellable progress notification whose Cancel aborts the work's AbortSignal, the form every
// API call of the extension takes.
import * as vscode from 'vscode';

export function withCancellableProgress<T>(
  title: string,
  work: (signal: AbortSignal, progress: vscode.Progress<{ message?: string; increment?: number }>) => Promise<T>,
): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    const controller = new AbortController();
    const sub = token.onCancellationRequested(() => controller.abort());
    try {
      return await work(controller.signal, progress);
    } finally {
      sub.dispose();
    }
  });
}
