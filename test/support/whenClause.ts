// A `when` clause of package.json evaluated in plain Node, enough for the manifest's clauses: `||`,
// `&&`, `!key`, `key`, `key == value`, `key != value`, `key =~ /regex/`, `true`, `false`. A key the
// context does not hold could be anything: every test of it counts as true, so a menu entry that
// may be shown is counted as shown.
export type WhenContext = Readonly<Record<string, string | boolean>>;

const REGEX = /=~ \/(.+?)\/([a-z]*)(?=\s|$)/g;

/** The regexes of `key =~ /…/` in the clause. */
export function regexesOf(when: string | undefined, key: string): RegExp[] {
  return [...(when ?? '').matchAll(new RegExp(`${key.replace(/\./g, '\\.')} ${REGEX.source}`, 'g'))].map(
    (m) => new RegExp(m[1], m[2]),
  );
}

function term(text: string, regexes: readonly RegExp[], ctx: WhenContext): boolean {
  const t = text.trim();
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (t.startsWith('!')) {
    const key = t.slice(1).trim();
    return key in ctx ? !ctx[key] : true;
  }
  const m = /^([\w.]+)\s*(==|!=|=~)\s*(.*)$/.exec(t);
  if (!m) {
    if (!/^[\w.]+$/.test(t)) throw new Error(`when clause term not understood: ${t}`);
    return t in ctx ? !!ctx[t] : true;
  }
  const [, key, op, rest] = m;
  if (!(key in ctx)) return true;
  const value = String(ctx[key]);
  if (op === '==') return value === rest.trim();
  if (op === '!=') return value !== rest.trim();
  return regexes[Number(/^#(\d+)$/.exec(rest.trim())?.[1])].test(value);
}

export function evaluateWhen(when: string | undefined, ctx: WhenContext): boolean {
  if (when === undefined) return true;
  const regexes: RegExp[] = [];
  const text = when.replace(REGEX, (_, source: string, flags: string) => {
    regexes.push(new RegExp(source, flags));
    return `=~ #${regexes.length - 1}`;
  });
  if (/[()]/.test(text)) throw new Error(`parentheses are not supported: ${when}`);
  return text.split('||').some((alt) => alt.split('&&').every((t) => term(t, regexes, ctx)));
}
