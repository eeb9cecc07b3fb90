// The text of a record's document: the record pretty-printed the way the user indents JSON, or a
// short explanation when it could not be fetched.
import type { ApiError } from '../api';
import { typeTitle } from '../dataTypes/words';
import { t } from '../l10n';
import type { RecordRef } from './recordUri';

export interface Indent {
  tabSize: number;
  insertSpaces: boolean;
}

export const DEFAULT_INDENT: Indent = { tabSize: 2, insertSpaces: true };

/** Reads `editor.tabSize` / `editor.insertSpaces` values as the settings give them (a number, a
 * numeric string, or junk from a hand-edited settings file) into a usable indent. */
export function indentFrom(tabSize: unknown, insertSpaces: unknown): Indent {
  const n = typeof tabSize === 'number' ? tabSize : typeof tabSize === 'string' ? Number(tabSize) : NaN;
  return {
    // JSON.stringify caps a numeric indent at 10 anyway; below 1 would print on one line.
    tabSize: Number.isInteger(n) && n >= 1 ? Math.min(n, 10) : DEFAULT_INDENT.tabSize,
    insertSpaces: typeof insertSpaces === 'boolean' ? insertSpaces : DEFAULT_INDENT.insertSpaces,
  };
}

/** The value as JSON, indented with spaces or one tab per level, ending with a newline. A value
 * nested deeper than JSON.stringify can recurse (JSON.parse reads any depth: a server's answer 5,000
 * levels deep) is written on one line instead, where its size stays that of the answer. */
export function prettyJson(value: unknown, indent: Indent = DEFAULT_INDENT): string {
  try {
    return `${JSON.stringify(value, null, indent.insertSpaces ? indent.tabSize : '\t')}\n`;
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return `${deepJson(value)}\n`;
  }
}

/** A JSON value (as JSON.parse makes them) written without recursion, on one line. */
function deepJson(root: unknown): string {
  const out: string[] = [];
  // What is left to write, last first: text as it is, or a value.
  const work: ({ text: string } | { value: unknown })[] = [{ value: root }];
  for (let next = work.pop(); next !== undefined; next = work.pop()) {
    if ('text' in next) {
      out.push(next.text);
      continue;
    }
    const { value } = next;
    if (typeof value !== 'object' || value === null) {
      out.push(JSON.stringify(value) ?? 'null');
      continue;
    }
    const array = Array.isArray(value);
    const entries: [string | undefined, unknown][] = array
      ? (value as unknown[]).map((v) => [undefined, v])
      : Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function');
    const parts: ({ text: string } | { value: unknown })[] = [{ text: array ? '[' : '{' }];
    entries.forEach(([key, v], i) => {
      const head = `${i > 0 ? ',' : ''}${key === undefined ? '' : `${JSON.stringify(key)}:`}`;
      if (head) parts.push({ text: head });
      parts.push({ value: v });
    });
    parts.push({ text: array ? ']' : '}' });
    for (let i = parts.length - 1; i >= 0; i--) work.push(parts[i]);
  }
  return out.join('');
}

// Characters that would start a new line in the editor (and so end the `//` comment, letting an id
// or server text write lines of its own) or that hide or reorder text: C0, DEL, C1, line and
// paragraph separators, bidi and zero-width controls.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g;
const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` on one line: each unsafe character shown as its escape (`\n`, `\u2028`), never acted on. */
export function escapedLine(text: string): string {
  return text.replace(UNSAFE, (c) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** What the document shows instead of the record when the fetch failed. Line comments, so the
 * JSON editor still tokenises it; only fields of the ApiError, which never carry the key. Every
 * field is made one line, so neither an id nor the server's text can add lines of its own. */
export function errorText(ref: RecordRef, error: Pick<ApiError, 'status' | 'message' | 'correlationId'>): string {
  return [
    `// ${t('{0}: could not load {1} of company {2}.', typeTitle(ref.dataType), escapedLine(ref.recordId), escapedLine(ref.companyId))}`,
    `// ${error.status !== undefined ? `${error.status}: ` : ''}${escapedLine(error.message)}`,
    ...(error.correlationId ? [`// correlationId: ${escapedLine(error.correlationId)}`] : []),
    `// ${t('Refresh this tab to try again; "Data Platform: Show Diagnostics" has the full response.')}`,
    '',
  ].join('\n');
}

/** What the document shows when there is no connection to fetch with. */
export function noConnectionText(ref: RecordRef): string {
  const title = typeTitle(ref.dataType);
  const why = t(
    '{0}: {1} of company {2} cannot be loaded: no API key is set for the current base URL.',
    title,
    escapedLine(ref.recordId),
    escapedLine(ref.companyId),
  );
  return `// ${why}\n// ${t('Run "Data Platform: Set API Key", then refresh this tab.')}\n`;
}

/** What the document shows when the fetch failed with something other than an API error (a bug). */
export function failureText(ref: RecordRef, message: string): string {
  return `// ${t('{0}: could not load {1}: {2}', typeTitle(ref.dataType), escapedLine(ref.recordId), escapedLine(message))}\n`;
}
