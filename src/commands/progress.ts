// Progress for the extension's work: every command shows it through `withProgress` here, and a
// cancellable notification's Cancel aborts the work's AbortSignal, the form every API call of the
// extension takes. Under the test switch (src/testApi.ts) the progress still running is counted,
// so the integration tests can see that no failure leaves one open: VS Code closes a progress when
// its task settles, and has no API to list the ones on screen.
import * as vscode from 'vscode';

let counting = false;
let running = 0;

/** Called once under the test switch: progress started from then on is counted. */
export function countProgress(): void {
  counting = true;
}

/** Progress of the extension on screen now (0 unless counted). */
export function progressRunning(): number {
  return running;
}

/** `vscode.window.withProgress`, counted under the test switch. */
export function withProgress<R>(
  options: vscode.ProgressOptions,
  task: (
    progress: vscode.Progress<{ message?: string; increment?: number }>,
    token: vscode.CancellationToken,
  ) => Thenable<R>,
): Thenable<R> {
  if (!counting) return vscode.window.withProgress(options, task);
  return vscode.window.withProgress(options, async (progress, token) => {
    running++;
    try {
      return await task(progress, token);
    } finally {
      running--;
    }
  });
}

export function withCancellableProgress<T>(
  title: string,
  work: (signal: AbortSignal, progress: vscode.Progress<{ message?: string; increment?: number }>) => Promise<T>,
): Thenable<T> {
  return withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      const sub = token.onCancellationRequested(() => controller.abort());
      try {
        return await work(controller.signal, progress);
      } finally {
        sub.dispose();
      }
    },
  );
}
