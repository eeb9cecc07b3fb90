// Canonical text of a query tree: no spaces around tokens, braces only where precedence needs
// them, values quoted only when the parser would otherwise read them differently. The output
// parses back to the same tree, so it is safe to send to the API or to show in an editor.
import type { QueryNode } from './ast';

// Values the parser would cut short, trim, reject or read as a quoted value.
function needsQuotes(value: string): boolean {
  return value === '' || value !== value.trim() || /[&|}]/.test(value) || value.startsWith('"') || value.startsWith('=');
}

export function formatValue(value: string): string {
  return needsQuotes(value) ? `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"` : value;
}

export function formatQuery(ast: QueryNode): string {
  return format(ast, undefined);
}

function format(node: QueryNode, parent: 'and' | 'or' | undefined): string {
  if (node.kind === 'comparison') return `${node.path.join('.')}${node.operator}${formatValue(node.value)}`;
  if (node.operands.length === 1) return format(node.operands[0], parent);
  const text = node.operands.map((o) => format(o, node.kind)).join(node.kind === 'and' ? '&&' : '||');
  // `||` under `&&` is the only nesting that precedence cannot express without braces.
  return parent === 'and' && node.kind === 'or' ? `{${text}}` : text;
}
