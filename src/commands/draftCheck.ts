// Before a draft is pushed: what is wrong with it (src/push/draftProblems.ts), asked about on every
// account. A draft the editor marks wrong (left unfilled, a value not allowed) is sent only when
// the user says so; declined, nothing is sent and the draft stays open to fix.
import type * as vscode from 'vscode';
import { typeTitle } from '../dataTypes/words';
import { t } from '../l10n';
import { draftProblems } from '../push/draftProblems';
import type { DraftFileSystem, DraftTarget } from '../push/drafts';
import type { JsonSchema } from '../push/schema';
import { askModal } from './confirmWrite';

/** Problems listed in the question; the rest are counted. */
const LISTED = 10;

/** True when the draft has no problem, or the user chose to push it anyway. */
export function confirmDraftProblems(
  drafts: DraftFileSystem,
  uri: vscode.Uri,
  draft: DraftTarget,
  record: Record<string, unknown>,
): Promise<boolean> {
  const schema = drafts.schemaOf(uri);
  const problems = schema ? draftProblems(schema as JsonSchema, record) : [];
  if (problems.length === 0) return Promise.resolve(true);
  const type = typeTitle(draft.dataType);
  const question =
    problems.length === 1
      ? t('The {0} draft has a problem. Push it anyway?', type)
      : t('The {0} draft has {1} problems. Push it anyway?', type, problems.length);
  const lines = problems.slice(0, LISTED).map((p) => `• ${p.text}`);
  if (problems.length > LISTED) lines.push(t('…and {0} more', problems.length - LISTED));
  const after = t(
    'The editor marks them in the draft. Pushed as it is, the record may be refused, or made with these values.',
  );
  return askModal(question, `${lines.join('\n')}\n\n${after}`, t('Push Anyway'));
}
