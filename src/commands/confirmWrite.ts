// The one question before a write: a modal naming the account and what will happen, asked on a
// production account (or on every account with `dataPlatform.confirmWrites: always`; the rule is
// src/accounts/environment.ts). Under the test switch the host cannot click a modal: each question
// is recorded and answered from a queue the test fills (empty: declined, so nothing hangs).
// Enter: in VS Code's modal messages the first button is the primary one, focused when the dialog
// opens, so Enter presses it; the Cancel VS Code adds (or an item marked `isCloseAffordance`) is
// always put last and cannot be made the default (the API has no default-button option). So a
// question whose yes is dangerous puts a harmless button first: a reflexive Enter does nothing.
import * as vscode from 'vscode';
import type { Account } from '../accounts/accountList';
import { writeNeedsConfirmation } from '../accounts/environment';
import { accountHost } from '../format/accountLabels';
import { t } from '../l10n';
import { confirmWrites } from '../settings';

interface AskedQuestion {
  message: string;
  detail: string;
  /** The buttons, in the order shown: the first is the one Enter presses. */
  buttons: string[];
}

/** What the tests see of the questions (DataPlatformApi.confirmations). */
export interface ConfirmationHooks {
  /** Every question asked, oldest first. */
  readonly asked: AskedQuestion[];
  /** The next answers: true accepts, false declines. */
  readonly answers: boolean[];
}

let hooks: ConfirmationHooks | undefined;

/** Called under the test switch: questions are recorded and answered from the queue. */
export function trackConfirmations(): ConfirmationHooks {
  hooks ??= { asked: [], answers: [] };
  return hooks;
}

/** A modal question whose `button` goes ahead; true when it was pressed. `safe`, when given, is
 * a button that does nothing, put first so that Enter presses it (destructive and production
 * questions). Under the test switch, a queued true is `button`. */
export async function askModal(message: string, detail: string, button: string, safe?: string): Promise<boolean> {
  const buttons = safe === undefined ? [button] : [safe, button];
  if (hooks) {
    hooks.asked.push({ message, detail, buttons });
    return hooks.answers.shift() ?? false;
  }
  return (await vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons)) === button;
}

/** A modal that waits for the user, with several buttons; the one pressed, undefined when closed.
 * Under the test switch, a queued true presses the first button. */
export async function chooseModal(message: string, detail: string, buttons: string[]): Promise<string | undefined> {
  if (hooks) {
    hooks.asked.push({ message, detail, buttons });
    return hooks.answers.shift() ? buttons[0] : undefined;
  }
  return vscode.window.showInformationMessage(message, { modal: true, detail }, ...buttons);
}

interface Write {
  /** The question, naming the account: `Create the company "Acme" in Live?` */
  question: string;
  /** What will happen, after the line that says which environment the account is. */
  detail: string;
  /** The button that goes ahead. */
  button: string;
  /** The harmless first button, which Enter presses (by default "Not Now"). */
  safe?: string;
}

function environmentLine(account: Account): string {
  const host = accountHost(account);
  switch (account.environment) {
    case 'production':
      return t('{0} is a production account ({1}): this changes live data.', account.name, host);
    case 'test':
      return t('{0} is a test account ({1}).', account.name, host);
    case 'local':
      return t('{0} is a local account ({1}).', account.name, host);
  }
}

/** Whether the write may go ahead: true at once where no question is due; `always` asks anyway
 * (a question the command had before, now naming the environment). */
export function confirmWrite(account: Account, write: Write, always = false): Promise<boolean> {
  if (!always && !writeNeedsConfirmation(account.environment, confirmWrites())) return Promise.resolve(true);
  return askModal(
    write.question,
    `${environmentLine(account)}\n\n${write.detail}`,
    write.button,
    write.safe ?? t('Not Now'),
  ).then((yes) => {
    // Said where the user is looking once the question has gone: declined, nothing happened.
    if (!yes) void vscode.window.showInformationMessage(t('Cancelled: nothing was sent to {0}.', account.name));
    return yes;
  });
}
