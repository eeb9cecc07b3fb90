// The one question before a write: a modal naming the account and what will happen, asked on a
// production account (or on every account with `dataPlatform.confirmWrites: always`; the rule is
// src/accounts/environment.ts), asked through prompt.ts like every question.
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
import { prompt } from './prompt';

/** A modal question whose `button` goes ahead; true when it was pressed. `safe`, when given, is
 * a button that does nothing, put first so that Enter presses it (destructive and production
 * questions). */
export async function askModal(message: string, detail: string, button: string, safe?: string): Promise<boolean> {
  const buttons = safe === undefined ? [button] : [safe, button];
  return (await prompt().modal({ message, detail, buttons, yes: button })) === button;
}

/** A modal that waits for the user, with several buttons; the one pressed, undefined when closed.
 * A test's `true` presses the first. */
export function chooseModal(message: string, detail: string, buttons: string[]): Promise<string | undefined> {
  return prompt().modal({ message, detail, buttons, yes: buttons[0], severity: 'information' });
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
