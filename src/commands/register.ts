// The one place commands are registered. A command reports the API errors it expects itself; any
// other failure (a bug, a throw from VS Code) would otherwise end in the extension host's console,
// unseen: here it is logged with its stack and shown to the user, and the command resolves to
// undefined. extension.ts says where failures go before any command is registered.
import * as vscode from 'vscode';

type CommandFailure = (command: string, error: unknown) => void;
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
      onFailure(command, e);
      return undefined;
    }
  });
}
