// A connection write, sent once: the production question first (confirmWrite); a refusal said
// with its details; an answer that was lost (links/lostWrites.ts) looked for in the API before
// anything else happens, and when not found remembered, so the next try of the same write looks
// again and asks, on every account, before it is sent a second time.
import * as vscode from 'vscode';
import { isApiError, isCancellation, type ApiError } from '../api';
import type { Account } from '../accounts/accountList';
import { t } from '../l10n';
import type { LostWrites } from '../links/lostWrites';
import { answerLost, findWithin } from '../push/lostPush';
import { confirmWrite } from './confirmWrite';
import { withProgress } from './progress';

export type WriteResult<R> =
  | { outcome: 'done'; value: R; recovered?: true }
  | { outcome: 'cancelled' | 'unavailable' }
  | { outcome: 'failed'; error: ApiError; lost?: true };

interface Question {
  question: string;
  detail: string;
  button: string;
}

export interface OnceWrite<R> {
  account: Account;
  lost: LostWrites;
  /** The write and its target (LostWrites.key). */
  key: string;
  /** The usual question (asked where confirmWrite asks; on every account when `always`). */
  question: Question;
  /** Asked on every account, not only where confirmWrite asks (a record's delete). */
  always?: boolean;
  /** The question after an earlier try's answer was lost and its effect not seen (always asked). */
  again(reason: string): Question;
  /** Whether a write sent at `sentAt` took, read from the API: what it made, else undefined. */
  look(sentAt: Date): Promise<{ value: R } | undefined>;
  /** Sends it; `progress` is the notification shown meanwhile (an upload counts its bytes there). */
  send(progress: vscode.Progress<{ message?: string }>): Promise<R>;
  /** The progress while it is sent, and while a lost answer is looked for. */
  progress: string;
  looking: string;
  /** The failure said to the user: `failed` for a refusal, `maybe` after a lost answer not found. */
  failed(e: ApiError): string;
  maybe(e: ApiError): string;
  report(e: ApiError): void;
}

async function look<R>(w: OnceWrite<R>, sentAt: Date, waits: number[]): Promise<{ value: R } | undefined> {
  return withProgress({ location: vscode.ProgressLocation.Notification, title: w.looking }, () =>
    findWithin(waits, () => w.look(sentAt).catch(() => undefined)),
  );
}

function showFailure(message: string, e: ApiError): void {
  void vscode.window.showErrorMessage(message, t('Show Details')).then((c) => {
    if (c) void vscode.commands.executeCommand('dataPlatform.showDiagnostics', e);
  });
}

export async function writeOnce<R>(w: OnceWrite<R>): Promise<WriteResult<R>> {
  const earlier = w.lost.earlier(w.key);
  if (earlier) {
    const found = await look(w, earlier.sentAt, [0]);
    if (found) {
      w.lost.forget(w.key);
      return { outcome: 'done', value: found.value, recovered: true };
    }
  }
  const ask = earlier ? w.again(earlier.reason) : w.question;
  if (!(await confirmWrite(w.account, ask, earlier !== undefined || w.always === true)))
    return { outcome: 'cancelled' };
  const sentAt = new Date();
  try {
    const value = await withProgress({ location: vscode.ProgressLocation.Notification, title: w.progress }, (p) =>
      w.send(p),
    );
    w.lost.forget(w.key);
    return { outcome: 'done', value };
  } catch (e) {
    if (!isApiError(e)) throw e;
    if (isCancellation(e)) return { outcome: 'cancelled' };
    // An earlier try whose answer was lost may have landed since it was looked for (a delete the
    // platform settled meanwhile answers this one 404): then that try was the success.
    const landed = earlier && !answerLost(e) ? await look(w, earlier.sentAt, [0]) : undefined;
    if (landed) {
      w.lost.forget(w.key);
      return { outcome: 'done', value: landed.value, recovered: true };
    }
    w.report(e);
    if (!answerLost(e)) {
      showFailure(w.failed(e), e);
      return { outcome: 'failed', error: e };
    }
    // No usable answer: the write may have been taken all the same. Looked for before anything is sent again.
    const found = await look(w, sentAt, [0, 1000, 2000]);
    if (found) {
      w.lost.forget(w.key);
      return { outcome: 'done', value: found.value, recovered: true };
    }
    w.lost.remember(w.key, { sentAt, reason: e.message });
    showFailure(w.maybe(e), e);
    return { outcome: 'failed', error: e, lost: true };
  }
}
