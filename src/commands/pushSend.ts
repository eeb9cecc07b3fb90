// Push's send path after the first send: a draft already pushed is not sent again without a question
// naming the record it made; an answer lost to a timeout, a dropped connection or a gateway's error
// (500, 502, 503, 504) is looked up in the push history, and only an operation whose record is what
// was sent counts as this push; anything less is said plainly, and sending again is always asked.
import * as vscode from 'vscode';
import type { ApiError, DataPlatformClient, ListParams, PushOperation } from '../api';
import { typeTitle } from '../dataTypes/words';
import { t } from '../l10n';
import { pushPlaceOf, type DraftTarget } from '../push/drafts';
import { readPlace } from '../push/places';
import type { DraftSends } from '../push/draftSends';
import { pushedRecordId, pushStatusText } from '../push/labels';
import { findLostPush, findWithin, type LostPush } from '../push/lostPush';
import type { TreeNode } from '../tree/node';
import type { AccountTarget } from './accountTarget';
import { confirmWrite } from './confirmWrite';
import { withProgress } from './progress';
import { followSettled } from './pushSettled';

/** One push of one draft: where it goes, what it sends, and what the window knows of its sends. */
export interface PushOfDraft {
  view: vscode.TreeView<TreeNode>;
  sends: DraftSends;
  target: AccountTarget;
  client: DataPlatformClient;
  /** The draft's URI as text: the key of `sends`. */
  key: string;
  draft: DraftTarget;
  body: Record<string, unknown>;
}

type Recovered = { outcome: 'pushed'; operation: PushOperation; recovered: true };
type NotSent = { outcome: 'cancelled' } | { outcome: 'lost'; message: string };

/** Waits (ms) between looks at the history right after a lost answer: the push may still be landing. */
const LOOK_WAITS = [0, 1000, 2000, 4000];

/** The push history, looked at after each of `waits`, until an operation is confirmed as this push.
 * Pushes this window already had an answer for are not it. */
async function lookForLostPush(s: PushOfDraft, sentAt: Date, body: Record<string, unknown>, waits: number[]) {
  const { client, draft } = s;
  const known = s.target.root.pushes;
  const list = async (params: ListParams) => {
    const page = await client.listPushOperations(draft.companyId, params);
    return { ...page, results: page.results.filter((op) => known.get(op.pushOperationKey) === undefined) };
  };
  const readRecord = (id: string) =>
    client.getRecord(draft.dataType, readPlace(draft.dataType, pushPlaceOf(draft)), id);
  const sent = { companyId: draft.companyId, connectionId: draft.connectionId, dataType: draft.dataType, sentAt, body };
  return withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: t('No usable answer to the push: looking in the push history…'),
    },
    () =>
      findWithin<LostPush>(
        waits,
        () => findLostPush(list, sent, { readRecord }),
        (r) => r.found === 'ours',
      ),
  );
}

/** The push found in the history: followed like an answered one, and remembered as this draft's. */
function recovered(s: PushOfDraft, op: PushOperation): Recovered {
  s.sends.pushed(s.key, op);
  followSettled({ view: s.view }, s.target, op, s.client, s.draft.companyId);
  return { outcome: 'pushed', operation: op, recovered: true };
}

/** What the history said, in the words of the question about sending again. */
function lookupWords(reason: string, lookup: LostPush | undefined): string {
  if (lookup === undefined)
    return t('The push got no usable answer ({0}), and the push history could not be read.', reason);
  if (lookup.found === 'unconfirmed')
    return t(
      'The push got no usable answer ({0}). The push history shows push {1} of the same type through the same connection, but it could not be confirmed as this draft’s.',
      reason,
      lookup.operation.pushOperationKey,
    );
  return t('The push got no usable answer ({0}), and the push history does not show it.', reason);
}

/** Sending again after a lost answer is always asked, on every account. */
function confirmSendAgain(s: PushOfDraft, words: string): Promise<boolean> {
  return confirmWrite(
    s.target.connection.account,
    {
      question: t('{0} Send it again?', words),
      detail: t('If the first push was written, the record is created twice.'),
      button: t('Send Again'),
    },
    true,
  );
}

/**
 * After a push whose answer was lost (`answerLost`): the push history is read; this push found
 * there is followed as if answered; else the draft is remembered as maybe written and, unless this
 * was already the send again, the user is asked whether to send it again (`'sendAgain'`).
 */
export async function afterLostAnswer(
  s: PushOfDraft,
  sentAt: Date,
  error: ApiError,
  again: boolean,
): Promise<Recovered | NotSent | 'sendAgain'> {
  s.target.report(error, { prompt: false });
  const lookup = await lookForLostPush(s, sentAt, s.body, LOOK_WAITS).catch(() => undefined);
  if (lookup?.found === 'ours') return recovered(s, lookup.operation);
  s.sends.uncertain(s.key, sentAt, s.body, error.message);
  const words = lookupWords(error.message, lookup);
  if (!again && (await confirmSendAgain(s, words))) return 'sendAgain';
  void vscode.window.showWarningMessage(
    t('{0} Push asks before sending this draft again; the Push history shows what was written.', words),
  );
  return { outcome: 'lost', message: error.message };
}

/** The question before pushing a draft that already made a record (or is still being written). */
function confirmPushedAgain(s: PushOfDraft, key: string, op: PushOperation | undefined): Promise<boolean> {
  const { draft } = s;
  const record = op?.status === 'Success' ? pushedRecordId(op) : undefined;
  const question = record
    ? t(
        'This draft was already pushed to {0} of {1}: it made the {2} record {3}. Push it again as another record?',
        draft.platformName,
        draft.companyName,
        typeTitle(draft.dataType),
        record,
      )
    : t(
        'This draft was already pushed to {0} of {1} (push {2}, {3}). Push it again as another record?',
        draft.platformName,
        draft.companyName,
        key,
        op ? pushStatusText(op) : t('status unknown'),
      );
  return confirmWrite(
    s.target.connection.account,
    { question, detail: t('Pushing it again creates a second record.'), button: t('Push Again') },
    true,
  );
}

/** The question before pushing a draft whose last push may have been written. */
function confirmUncertainAgain(s: PushOfDraft, reason: string, lookup: LostPush | undefined): Promise<boolean> {
  const unconfirmed = lookup?.found === 'unconfirmed' ? lookup.operation.pushOperationKey : undefined;
  return confirmWrite(
    s.target.connection.account,
    {
      question: unconfirmed
        ? t(
            'The last push of this draft got no usable answer ({0}); the push history shows push {1}, which could not be confirmed as this draft’s. Push it again?',
            reason,
            unconfirmed,
          )
        : t(
            'The last push of this draft got no usable answer ({0}), and nothing in the push history shows it was written. Push it again?',
            reason,
          ),
      detail: t('If the first push was written, the record is created twice.'),
      button: t('Push Again'),
    },
    true,
  );
}

/**
 * Before a draft is sent: `'usual'` when this window never sent it (or its push Failed or Timed
 * out), so the usual question applies; for a draft already pushed, or whose push may have been
 * written, the question naming that was asked (`'send'` when accepted), or the earlier push was
 * found in the history (a result: nothing is sent).
 */
export async function beforeSend(s: PushOfDraft): Promise<'usual' | 'send' | Recovered | NotSent> {
  const prior = s.sends.get(s.key);
  if (!prior) return 'usual';
  if (prior.kind === 'pushed') {
    const op = s.target.root.pushes.get(prior.operationKey);
    // A push that did not make its record leaves the draft to be fixed and pushed again.
    if (op?.status === 'Failed' || op?.status === 'TimedOut') return 'usual';
    return (await confirmPushedAgain(s, prior.operationKey, op)) ? 'send' : { outcome: 'cancelled' };
  }
  const lookup = await lookForLostPush(s, prior.sentAt, prior.body, [0]).catch(() => undefined);
  if (lookup?.found === 'ours') {
    const found = recovered(s, lookup.operation);
    void vscode.window.showInformationMessage(
      t(
        'The last push of this draft was written after all (push {0}): it is not sent again.',
        found.operation.pushOperationKey,
      ),
    );
    return found;
  }
  return (await confirmUncertainAgain(s, prior.reason, lookup)) ? 'send' : { outcome: 'cancelled' };
}
