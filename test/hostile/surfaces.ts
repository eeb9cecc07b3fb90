// What the extension shows of a push, a sync or an API key beside the log and the diagnostics
// panel, built by the same pure functions the UI calls: the tree row's label, description and
// tooltip, the Open JSON document (its tab title and text), and for a push that did not succeed
// its error (reported, as pushSettled.ts reports it, so the panel's entries, saved state and raw
// body hold it; its message is the error notification's text).
import type { ApiKeyDetails, PullOperation, PushOperation } from '../../src/api/models';
import {
  apiKeyCreatedMessage,
  apiKeyDescription,
  apiKeyLabel,
  apiKeyTooltip,
  summariseApiKey,
} from '../../src/format/apiKeyLabels';
import { pushLabel, pushStatusText, pushTooltip } from '../../src/push/labels';
import { syncDescription, syncLabel, syncTooltip } from '../../src/format/syncLabels';
import { pushFailure } from '../../src/push/failure';
import type { Pipeline } from '../support/pipeline';

/** As Open JSON writes a push or a sync (push/drafts.ts's showJson). */
const openJson = (title: string, value: unknown): string => `${title}\n${JSON.stringify(value, null, 2)}`;

export function pushSurfaces(p: Pipeline, ops: readonly PushOperation[]): Record<string, string> {
  const out: Record<string, string> = {};
  ops.forEach((op, i) => {
    out[`push ${i}: tree row`] = [pushLabel(op), pushStatusText(op), pushTooltip(op)].join('\n');
    out[`push ${i}: Open JSON`] = openJson(`push ${op.dataType} ${op.pushOperationKey}`, op);
    if (op.status !== 'Failed' && op.status !== 'TimedOut') return;
    const error = pushFailure(op);
    p.report(error, { prompt: false });
    out[`push ${i}: error notification`] = error.message;
  });
  return out;
}

export function syncSurfaces(ops: readonly PullOperation[]): Record<string, string> {
  const out: Record<string, string> = {};
  ops.forEach((op, i) => {
    out[`sync ${i}: tree row`] = [syncLabel(op), syncDescription(op), syncTooltip(op)].join('\n');
    out[`sync ${i}: Open JSON`] = openJson(`sync ${op.dataType} ${op.id}`, op);
  });
  return out;
}

/** The API Keys folder's rows (no key is the account's here: `inUse` changes no word of a key's
 * own), and the notification of a created key. */
export function apiKeySurfaces(keys: readonly ApiKeyDetails[]): Record<string, string> {
  const out: Record<string, string> = {};
  keys.forEach((k, i) => {
    const summary = summariseApiKey(k, false);
    out[`API key ${i}: tree row`] = [
      apiKeyLabel(summary),
      apiKeyDescription(summary),
      apiKeyTooltip(summary),
      apiKeyCreatedMessage(summary, 'Account'),
    ].join('\n');
  });
  return out;
}
