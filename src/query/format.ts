// Canonical text of a query tree: no spaces around tokens, braces only where precedence needs
// them, values quoted only when the parser would otherwise read them differently. The output
// parses back to the same tree, so it is safe to send to the API or to show in an editor.
import type { QueryExpr } from './ast';
import { parseQuery } from './parser';

// Values the parser would cut short, trim, reject or read as a quoted value.
function needsQuotes(value: string): boolean {
  return (
    value === '' || value !== value.trim() || /[&|}]/.test(value) || value.startsWith('"') || value.startsWith('=')
  );
}

export function formatValue(value: string): string {
  return needsQuotes(value) ? `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"` : value;
}

export function formatQuery(ast: QueryExpr): string {
  // Written into one list, joined once: returning each subtree's text would copy a deep tree's
  // text once per level (quadratic in the nesting).
  const out: string[] = [];
  write(ast, undefined, out);
  return out.join('');
}

function write(node: QueryExpr, parent: 'and' | 'or' | undefined, out: string[]): void {
  if (node.kind === 'comparison') {
    out.push(`${node.path.join('.')}${node.operator}${formatValue(node.value)}`);
    return;
  }
  if (node.operands.length === 1) {
    write(node.operands[0], parent, out);
    return;
  }
  // `||` under `&&` is the only nesting that precedence cannot express without braces.
  const braces = parent === 'and' && node.kind === 'or';
  if (braces) out.push('{');
  node.operands.forEach((operand, i) => {
    if (i > 0) out.push(node.kind === 'and' ? '&&' : '||');
    write(operand, node.kind, out);
  });
  if (braces) out.push('}');
}

// One text per meaning: `status = Paid`, `status=Paid` and `{status=Paid}` are one query, so they
// are one query node and one history entry. What is shown and sent stays what the user typed.

/** The canonical text of a filter; an unparsable one is only trimmed (it is never run anyway). */
export function canonicalQuery(text: string): string {
  const r = parseQuery(text);
  return r.ok ? formatQuery(r.ast) : text.trim();
}

/** The identity of a filter and order together. */
export function queryIdentity(query: string | undefined, orderBy: string | undefined): string {
  return JSON.stringify([query ? canonicalQuery(query) : '', orderBy?.trim() ?? '']);
}
