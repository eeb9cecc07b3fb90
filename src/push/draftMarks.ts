// The draft's problems marked as errors in the editor. VS Code's JSON support checks a draft
// against its schema, but shows every problem as a warning (a yellow squiggle), a value not allowed
// and an empty required field alike; Push asks before sending them (commands/draftCheck.ts), and
// these marks say so where the user is typing. Each problem is placed on its field through the
// JSON document's symbols (a missing field: on the object that lacks it).
import * as vscode from 'vscode';
import type { DraftFileSystem } from './drafts';
import { draftProblems } from './draftProblems';
import type { JsonSchema } from './schema';
import { draftBody } from './types';

/** `lineItems[0].quantity` → `lineItems`, `0`, `quantity`: the names JSON's document symbols carry. */
const segments = (path: string): string[] => path.split(/\.|\[(\d+)\]/).filter((s): s is string => !!s);

/** The range of the deepest symbol on the path (the whole first line for the record itself). */
function rangeOf(symbols: readonly vscode.DocumentSymbol[] | undefined, path: string): vscode.Range {
  let range = new vscode.Range(0, 0, 0, 1);
  let level = symbols ?? [];
  for (const name of segments(path)) {
    const found = level.find((s) => s.name === name);
    if (!found) break;
    range = found.selectionRange;
    level = found.children;
  }
  return range;
}

/** Drafts marked before JSON's symbols were ready (a draft just opened), by the version marked:
 * marked again once, when JSON's own diagnostics for it arrive. */
const unplaced = new Map<string, number>();
/** `uri#version` of those marked again already. */
const retried = new Set<string>();

async function mark(drafts: DraftFileSystem, marks: vscode.DiagnosticCollection, doc: vscode.TextDocument) {
  const schema = drafts.schemaOf(doc.uri);
  if (!schema) return;
  const parsed = draftBody(doc.getText());
  const version = doc.version;
  const problems = parsed.ok ? draftProblems(schema as JsonSchema, parsed.body) : [];
  const symbols =
    problems.length > 0
      ? await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>(
          'vscode.executeDocumentSymbolProvider',
          doc.uri,
        )
      : undefined;
  // A later edit has its own turn.
  if (doc.version !== version || doc.isClosed) return;
  const key = doc.uri.toString();
  if (problems.length > 0 && !symbols?.length && !retried.has(`${key}#${version}`)) unplaced.set(key, version);
  else unplaced.delete(key);
  marks.set(
    doc.uri,
    problems.map((p) => {
      const d = new vscode.Diagnostic(rangeOf(symbols, p.path), p.text, vscode.DiagnosticSeverity.Error);
      d.source = 'Data Platform';
      return d;
    }),
  );
}

/** Marks every open draft's problems, and keeps them up to date as it is edited. */
export function watchDraftProblems(drafts: DraftFileSystem): vscode.Disposable[] {
  const marks = vscode.languages.createDiagnosticCollection('dataPlatformDrafts');
  const update = (doc: vscode.TextDocument) => void mark(drafts, marks, doc).catch(() => undefined);
  vscode.workspace.textDocuments.forEach(update);
  return [
    marks,
    vscode.workspace.onDidOpenTextDocument(update),
    vscode.workspace.onDidChangeTextDocument((e) => update(e.document)),
    vscode.workspace.onDidCloseTextDocument((doc) => {
      unplaced.delete(doc.uri.toString());
      for (const k of [...retried]) if (k.startsWith(`${doc.uri.toString()}#`)) retried.delete(k);
      marks.delete(doc.uri);
    }),
    vscode.languages.onDidChangeDiagnostics((e) => {
      for (const uri of e.uris) {
        const version = unplaced.get(uri.toString());
        const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
        if (version === undefined || !doc) continue;
        // Once per version: JSON's answer, or our own marks, must not start an endless round.
        unplaced.delete(uri.toString());
        retried.add(`${uri.toString()}#${version}`);
        if (doc.version === version) update(doc);
      }
    }),
  ];
}
