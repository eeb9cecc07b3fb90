// The one place commands are registered, and the one place a command's failure is handled: a
// cancellation (Escape, a progress notification's Cancel) ends it quietly; an API error is
// reported (the diagnostics panel, a message offering its details) and any other failure (a bug, a
// throw from VS Code) logged with its stack and shown, where it would otherwise end in the
// extension host's console, unseen. Either way the command resolves to undefined, so commands
// catch only what they handle in a way of their own. extension.ts says where failures go before
// any command is registered.
import * as vscode from 'vscode';
import { isApiError, isCancellation, type ApiError } from '../api';

/** `args` are the command's own: the account a failure belongs to is read from them. */
type CommandFailure = (command: string, error: unknown, args: readonly unknown[]) => void;
type CommandDone = (command: string, result: unknown) => void;

let onFailure: CommandFailure = () => undefined;
let onDone: CommandDone = () => undefined;

export function onCommandFailure(handler: CommandFailure): void {
  onFailure = handler;
}

/** Who hears what each command resolved to (the walkthrough, which ticks a step off when the
 * user has done its thing). */
export function onCommandDone(handler: CommandDone): void {
  onDone = handler;
}

export function registerCommand(command: string, handler: (...args: never[]) => unknown): vscode.Disposable {
  const run = handler as (...args: unknown[]) => unknown;
  return vscode.commands.registerCommand(command, async (...args: unknown[]) => {
    try {
      const result = await run(...args);
      onDone(command, result);
      return result;
    } catch (e) {
      if (!isCancellation(e)) onFailure(command, e, args);
      return undefined;
    }
  });
}

/** How a command whose result says how it ended (tests and callers read it) ends on a failure: a
 * cancellation is `{ outcome: 'cancelled' }`, an API error what `failed` makes of it, and
 * anything else (a bug) goes on to the wrapper above. */
export function endedBy<R>(e: unknown, failed: (error: ApiError) => R): R | { outcome: 'cancelled' } {
  if (!isApiError(e)) throw e;
  return isCancellation(e) ? { outcome: 'cancelled' } : failed(e);
}
