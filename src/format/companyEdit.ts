// What Edit Company, Delete Company and Filter Companies by Tag check as the user types, and what
// Edit Company sends: tags written on one line as `key=value; key2=value2`, a tag filter in
// Codat's query language (`region=uk && team=invoice-finance`; the list's `tags` parameter takes
// `=`, `!=` and `~`), the typed name that confirms a delete, and the fields an edit changed.
import type { Company, CompanyUpdate } from '../api';
import { parseQuery, type QueryExpr } from '../query';
import { t } from '../l10n';
import { checkCompanyNameInput } from './companyName';

type Tags = Record<string, string>;

const escape = (text: string, special: RegExp) => text.replace(special, (c) => `\\${c}`);

/** `key=value; key2=value2`, in the tags' order; '' without tags. A `;` or `\\` in a key or value,
 * and a `=` in a key, is written after a `\\`, so what the server holds reads back the same. */
export function formatTags(tags: Tags | undefined): string {
  return Object.entries(tags ?? {})
    .map(([k, v]) => `${escape(k, /[\\;=]/g)}=${escape(v, /[\\;]/g)}`)
    .join('; ');
}

type TagsCheck = { ok: true; tags: Tags } | { ok: false; message: string };

/** The text's parts between unescaped `;`, each as its key and value (split at the first unescaped
 * `=`, undefined without one), the escapes taken out. */
function tagParts(text: string): { raw: string; key: string; value?: string }[] {
  const parts: { raw: string; key: string; value?: string }[] = [];
  let part = { raw: '', key: '', value: undefined as string | undefined };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ';') {
      parts.push(part);
      part = { raw: '', key: '', value: undefined };
      continue;
    }
    const escaped = c === '\\' && i + 1 < text.length;
    const ch = escaped ? text[++i] : c;
    part.raw += escaped ? `\\${ch}` : ch;
    if (!escaped && ch === '=' && part.value === undefined) part.value = '';
    else if (part.value === undefined) part.key += ch;
    else part.value += ch;
  }
  parts.push(part);
  return parts;
}

/** The tags typed as `key=value; key2=value2` (spaces around each key and value ignored; empty: no
 * tags). A value may hold `=`; `\\` makes the next character plain (`\\;` in a value). */
export function parseTags(text: string): TagsCheck {
  // A Map, made an object at the end: a key such as `__proto__` stays an ordinary key.
  const tags = new Map<string, string>();
  const parts = tagParts(text);
  // A trailing `;` is a separator the user left, not an empty tag; so is an empty text.
  if (parts[parts.length - 1].raw.trim() === '') parts.pop();
  for (const [i, part] of parts.entries()) {
    const shown = part.raw.trim();
    if (part.value === undefined) return { ok: false, message: t('Tag {0} ("{1}") needs key=value', i + 1, shown) };
    const key = part.key.trim();
    if (key === '') return { ok: false, message: t('Tag {0} ("{1}") has no key', i + 1, shown) };
    if (tags.has(key)) return { ok: false, message: t('The key "{0}" is given twice', key) };
    tags.set(key, part.value.trim());
  }
  return { ok: true, tags: Object.fromEntries(tags) };
}

/** The operators the companies list's `tags` parameter takes. */
const TAG_OPERATORS: ReadonlySet<string> = new Set(['=', '!=', '~']);

function badOperator(expr: QueryExpr): string | undefined {
  if (expr.kind === 'comparison') return TAG_OPERATORS.has(expr.operator) ? undefined : expr.operator;
  for (const operand of expr.operands) {
    const op = badOperator(operand);
    if (op !== undefined) return op;
  }
  return undefined;
}

/** Why a tag filter cannot be sent; undefined when it can. Its syntax is the query language's (no
 * schema: any tag key is a field), its operators the three the parameter takes. */
export function checkTagFilter(text: string): string | undefined {
  const parsed = parseQuery(text.trim());
  if (!parsed.ok) return parsed.error.message;
  const op = badOperator(parsed.ast);
  return op === undefined ? undefined : t('A tag filter takes =, != or ~, not {0}', op);
}

/** Why the typed text does not confirm the delete of `name`; undefined once it is the name exactly. */
export function deleteConfirmation(typed: string, name: string): string | undefined {
  return typed === name ? undefined : t('Type the company\u2019s name, "{0}", to delete it', name);
}

/** What Edit Company typed: the name as typed, the description and tags text. */
export interface CompanyEdit {
  name: string;
  description: string;
  tags: string;
}

type EditCheck = { ok: true; update: CompanyUpdate | undefined } | { ok: false; message: string };

const sameTags = (a: Tags, b: Tags) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** The PATCH of an edit: only the fields that changed (the name as the API will store it, the
 * tags whole, as the API replaces them); `update` undefined when nothing did. */
export function companyUpdate(before: Company, edit: CompanyEdit): EditCheck {
  const name = checkCompanyNameInput(edit.name);
  if (!name.ok) return name;
  const tags = parseTags(edit.tags);
  if (!tags.ok) return tags;
  const update: CompanyUpdate = {};
  if (name.stored !== before.name) update.name = edit.name.trim();
  const description = edit.description.trim();
  if (description !== (before.description ?? '')) update.description = description;
  if (!sameTags(tags.tags, before.tags ?? {})) update.tags = tags.tags;
  return { ok: true, update: Object.keys(update).length > 0 ? update : undefined };
}
