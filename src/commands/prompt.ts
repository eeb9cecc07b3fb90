// Every question the extension asks the user (modals, quick picks, input boxes, save and open
// dialogs) goes through the one UserInput installed at activation: VS Code's own, or under the
// test switch (src/testApi.ts) one that records each question and answers it from the queue the
// test fills (answerQueue.ts). No command argument stands in for an answer.
// With nothing queued, a modal or a dialog is declined (the host cannot click a native dialog,
// and a test must not hang on one), while a quick pick or an input box is shown for real: host
// tests type into those with real keystrokes (paging, searching, validation shown as typed).
import * as vscode from 'vscode';
import {
  dialogFiles,
  inputValue,
  modalButton,
  notificationButton,
  notificationTakesAnswer,
  pickAnswer,
  type Answer,
  type PromptHooks,
} from './answerQueue';
import { createInputBox, settleOnce } from './quickPicks';

interface ModalQuestion {
  message: string;
  detail: string;
  /** In the order shown: the first is the one Enter presses. */
  buttons: string[];
  /** The button a test's `true` presses (the go-ahead). */
  yes: string;
  severity?: 'warning' | 'information';
}

/** A notification that offers what to do next (Open Link, Copy Link URL); nothing waits on it. */
interface Notification {
  message: string;
  buttons: string[];
  severity?: 'information' | 'warning' | 'error';
}

interface InputQuestion {
  title: string;
  prompt?: string;
  placeholder?: string;
  value?: string;
  password?: boolean;
  /** Shown as the value is typed: a string (or an error) cannot be accepted, a note can. */
  validateInput?: (value: string) => string | vscode.InputBoxValidationMessage | undefined;
}

/** Why `value` cannot be accepted; undefined when it can (an info or warning is only a note). */
function refusal(q: InputQuestion, value: string): string | undefined {
  const m = q.validateInput?.(value);
  if (m === undefined || typeof m === 'string') return m;
  return m.severity === vscode.InputBoxValidationSeverity.Error ? m.message : undefined;
}

interface PickQuestion<T extends vscode.QuickPickItem> {
  /** Built by the caller (quickPicks.ts createQuickPick), kept up to date while it is open. */
  pick: vscode.QuickPick<T>;
  /** Hears the text as it is typed (a search, rows recomputed). */
  typed?: (value: string) => void;
  /** Whether accepting `row` answers; a row that does something else (Load more…, a
   * completion) does it here and returns false. By default any row answers. */
  answers?: (row: T) => boolean;
}

interface UserInput {
  /** The button pressed; undefined when closed. */
  modal(q: ModalQuestion): Promise<string | undefined>;
  /** The value accepted (one its validateInput allows); undefined when dismissed. */
  input(q: InputQuestion): Promise<string | undefined>;
  /** The row accepted; undefined when hidden. The pick is disposed once answered. */
  pick<T extends vscode.QuickPickItem>(q: PickQuestion<T>): Promise<T | undefined>;
  saveDialog(options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined>;
  openDialog(options: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined>;
  /** The button of the notification pressed; undefined when it was closed or left alone. */
  notify(n: Notification): Promise<string | undefined>;
  /** Hands a file to the system's viewer (under the test switch recorded, never opened). */
  openExternal(uri: vscode.Uri): Thenable<boolean>;
}

const vscodeInput: UserInput = {
  async modal({ message, detail, buttons, severity }) {
    const show = severity === 'information' ? vscode.window.showInformationMessage : vscode.window.showWarningMessage;
    return show(message, { modal: true, detail }, ...buttons);
  },
  input(q) {
    const box = createInputBox();
    box.title = q.title;
    box.prompt = q.prompt;
    box.placeholder = q.placeholder;
    box.value = q.value ?? '';
    box.password = q.password ?? false;
    box.ignoreFocusOut = true;
    return new Promise((resolve) => {
      const finish = settleOnce<string>(box, resolve);
      box.onDidChangeValue((v) => (box.validationMessage = q.validateInput?.(v)));
      box.onDidAccept(() => {
        if (refusal(q, box.value) === undefined) finish(box.value);
      });
      box.onDidHide(() => finish(undefined));
      box.show();
    });
  },
  pick({ pick, typed, answers }) {
    return new Promise((resolve) => {
      const finish = settleOnce(pick, resolve);
      if (typed) pick.onDidChangeValue(typed);
      pick.onDidAccept(() => {
        const row = pick.selectedItems[0] ?? pick.activeItems[0];
        if (row && (answers?.(row) ?? true)) finish(row);
      });
      pick.onDidHide(() => finish(undefined));
      pick.show();
    });
  },
  async saveDialog(options) {
    return vscode.window.showSaveDialog(options);
  },
  async openDialog(options) {
    return vscode.window.showOpenDialog(options);
  },
  async notify({ message, buttons, severity }) {
    const show =
      severity === 'error'
        ? vscode.window.showErrorMessage
        : severity === 'warning'
          ? vscode.window.showWarningMessage
          : vscode.window.showInformationMessage;
    return show(message, ...buttons);
  },
  openExternal(uri) {
    return vscode.env.openExternal(uri);
  },
};

let current: UserInput = vscodeInput;

/** Asks `pick` and resolves with what its accepted row gives; undefined when dismissed. */
export async function chooseFrom<T extends vscode.QuickPickItem, R>(
  pick: vscode.QuickPick<T>,
  value: (item: T) => R,
): Promise<R | undefined> {
  const row = await current.pick({ pick });
  return row === undefined ? undefined : value(row);
}

/** The one way to ask the user. */
export function prompt(): UserInput {
  return current;
}

/** How long a queued pick answer waits for its row (a search answering, a page loading). */
const PICK_WAIT_MS = 15_000;

/** The row of `pick` the answer accepts, once the pick has it and is not busy. */
async function rowOf<T extends vscode.QuickPickItem>(pick: vscode.QuickPick<T>, accepts: (row: T) => boolean) {
  for (const end = Date.now() + PICK_WAIT_MS; Date.now() < end;) {
    const row = pick.busy
      ? undefined
      : pick.items.find((i) => i.kind !== vscode.QuickPickItemKind.Separator && accepts(i));
    if (row) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

/** A pick answered from the queue: its answer typed, then the row it names accepted. */
async function answeredPick<T extends vscode.QuickPickItem>(
  q: PickQuestion<T>,
  asked: object,
  next: () => Answer | undefined,
): Promise<T | undefined> {
  const { pick } = q;
  try {
    const answer = pickAnswer(next());
    if (!answer) return undefined;
    if (answer.value !== undefined) {
      pick.value = answer.value;
      q.typed?.(answer.value);
    }
    // A row that does something else (a completion) is done, and the answer looked for again;
    // one that cannot be accepted (a filter that does not parse) leaves the pick unanswered.
    let refused: T | undefined;
    for (let tries = 0; tries < 5; tries++) {
      const row = await rowOf(pick, answer.accepts);
      if (!row || (q.answers?.(row) ?? true)) return row;
      refused = row;
    }
    if (refused) Object.assign(asked, { validationMessage: refused.detail ?? refused.label });
    return undefined;
  } finally {
    pick.dispose();
  }
}

function queued(hooks: PromptHooks): UserInput {
  const has = () => hooks.answers.length > 0;
  const next = () => hooks.answers.shift();
  // An answer that does not fit its question rejects (a throw in the executor), as a failed
  // command's would.
  const settle = <T>(answer: () => T) => new Promise<T>((resolve) => resolve(answer()));
  return {
    modal(q) {
      hooks.asked.push({ kind: 'modal', message: q.message, detail: q.detail, buttons: q.buttons });
      return settle(() => modalButton(next(), q.buttons, q.yes));
    },
    async input(q) {
      if (!has()) return vscodeInput.input(q);
      const asked = { kind: 'input' as const, message: q.title, detail: q.prompt ?? '', buttons: [] };
      hooks.asked.push(asked);
      const { value, refused } = inputValue(next(), (v) => refusal(q, v));
      if (refused !== undefined) Object.assign(asked, { validationMessage: refused });
      return value;
    },
    async pick<T extends vscode.QuickPickItem>(q: PickQuestion<T>) {
      if (!has()) return vscodeInput.pick(q);
      const { pick } = q;
      const asked = { kind: 'pick' as const, message: pick.title ?? '', detail: pick.placeholder ?? '', buttons: [] };
      hooks.asked.push(asked);
      return answeredPick(q, asked, next);
    },
    saveDialog(options) {
      hooks.asked.push({ kind: 'save', message: options.title ?? '', detail: '', buttons: [] });
      return settle(() => dialogFiles(next(), 'save')?.[0] as vscode.Uri | undefined);
    },
    openDialog(options) {
      hooks.asked.push({ kind: 'open', message: options.title ?? '', detail: '', buttons: [] });
      return settle(() => dialogFiles(next(), 'open') as vscode.Uri[] | undefined);
    },
    notify(n) {
      hooks.asked.push({ kind: 'notification', message: n.message, detail: '', buttons: [...n.buttons] });
      const take = notificationTakesAnswer(n.buttons, hooks.answers.length);
      // One no answer was queued for is shown as a user sees it (a screenshot may hold it); its
      // buttons answer nothing here.
      if (!take) void vscodeInput.notify(n);
      return settle(() => (take ? notificationButton(next(), n.buttons) : undefined));
    },
    openExternal(uri) {
      hooks.opened.push(uri.fsPath);
      return Promise.resolve(true);
    },
  };
}

let hooks: PromptHooks | undefined;

/** Called under the test switch: questions are recorded and answered from the tests' queue. */
export function answerFromQueue(): PromptHooks {
  if (!hooks) {
    hooks = { asked: [], answers: [], opened: [] };
    current = queued(hooks);
  }
  return hooks;
}
