// Every quick pick and input box of the extension is created here, so that under the test switch
// (src/testApi.ts) the one on screen can be described (title, value, rows, active row) to the
// integration tests, which type into it with real keystrokes and read back what the user would
// see. Without the switch a pick is VS Code's own, untouched.
import * as vscode from 'vscode';

interface QuickPickRow {
  label: string;
  description?: string;
  detail?: string;
  separator?: true;
}

export interface QuickPickSnapshot {
  title?: string;
  placeholder?: string;
  value: string;
  busy: boolean;
  items: QuickPickRow[];
  /** The label of the highlighted row, as the workbench reports it back. */
  active?: string;
  /** An input box's message under what is typed (it has no rows). */
  validationMessage?: string;
}

let current: vscode.QuickPick<vscode.QuickPickItem> | vscode.InputBox | undefined;
let tracking = false;

/** Called once under the test switch: picks created from then on are tracked. */
export function trackQuickPicks(): void {
  tracking = true;
}

export function createQuickPick<T extends vscode.QuickPickItem>(): vscode.QuickPick<T> {
  return tracked(vscode.window.createQuickPick<T>());
}

/** How a pick or an input box ends: the first call resolves with its value and disposes it; later
 * calls (the hide that the dispose itself causes) do nothing. */
export function settleOnce<V>(
  input: vscode.Disposable,
  resolve: (value: V | undefined) => void,
): (value: V | undefined) => void {
  let done = false;
  return (value) => {
    if (done) return;
    done = true;
    resolve(value);
    input.dispose();
  };
}

export function createInputBox(): vscode.InputBox {
  return tracked(vscode.window.createInputBox());
}

function tracked<P extends vscode.QuickPick<vscode.QuickPickItem> | vscode.InputBox>(pick: P): P {
  if (!tracking) return pick;
  const forget = () => {
    if (current === pick) current = undefined;
  };
  pick.onDidHide(forget);
  const show = pick.show.bind(pick);
  pick.show = () => {
    current = pick;
    show();
  };
  const dispose = pick.dispose.bind(pick);
  pick.dispose = () => {
    forget();
    dispose();
  };
  return pick;
}

/** The extension's quick pick on screen, if any. */
export function visibleQuickPick(): QuickPickSnapshot | undefined {
  const pick = current;
  if (!pick) return undefined;
  if (!('items' in pick)) {
    const message = pick.validationMessage;
    const text = typeof message === 'string' ? message : message?.message;
    return {
      title: pick.title,
      placeholder: pick.placeholder,
      value: pick.value,
      busy: pick.busy,
      items: [],
      ...(text ? { validationMessage: text } : {}),
    };
  }
  return {
    title: pick.title,
    placeholder: pick.placeholder,
    value: pick.value,
    busy: pick.busy,
    items: pick.items.map((i) => ({
      label: i.label,
      ...(i.description ? { description: i.description } : {}),
      ...(i.detail ? { detail: i.detail } : {}),
      ...(i.kind === vscode.QuickPickItemKind.Separator ? { separator: true as const } : {}),
    })),
    active: pick.activeItems[0]?.label,
  };
}
