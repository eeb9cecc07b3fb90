// A fault rule's `^` pattern runs against every API request, so its cost is bounded by its shape,
// checked once when the rule is added. V8 backtracks exponentially on a repeated group that
// itself holds a quantifier or `|` (`^/(a+)+$`, `(a|a)*`) and on backreferences, and in time
// polynomial in the number of quantifiers (`.*.*.*x`): those are refused or limited, and the path
// a pattern sees is capped, so the worst accepted pattern costs about n² steps for n ≤ 1,024.

export const MAX_PATTERN_LENGTH = 200;
/** Quantifiers in all, and of those `*`, `+` or `{…}` (each multiplies the cost by the path's length). */
export const MAX_QUANTIFIERS = 3;
export const MAX_REPEATS = 2;
/** Longer paths match no pattern (substring rules still see them). */
export const MAX_MATCHED_PATH = 1024;

const BRACE_QUANTIFIER = /^\{\d+(?:,\d*)?\}/;

/** A group being read: whether it holds a quantifier or `|`, at any depth. */
interface Group {
  risky: boolean;
}

class Scan {
  readonly open: Group[] = [];
  /** The group the previous atom was, when it was one. */
  closed: Group | undefined;
  quantifiers = 0;
  repeats = 0;

  markRisky(): void {
    if (this.open.length > 0) this.open[this.open.length - 1].risky = true;
  }

  /** A quantifier (`*`, `+`, `?`, `{…}`) on the previous atom; the problem it makes, if any. */
  quantify(repeats: boolean): string | undefined {
    if (repeats && this.closed?.risky) return 'a repeated group must not hold a quantifier or |';
    this.quantifiers++;
    if (repeats) this.repeats++;
    if (this.quantifiers > MAX_QUANTIFIERS || this.repeats > MAX_REPEATS)
      return `at most ${MAX_QUANTIFIERS} quantifiers, ${MAX_REPEATS} of them *, + or {…}`;
    this.markRisky();
    this.closed = undefined;
    return undefined;
  }
}

/** The end of the character class opening at `i` (JavaScript's: `[]` is empty, `\` escapes). */
function classEnd(source: string, i: number): number {
  let j = i + 1;
  while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
  return j;
}

/** Why a pattern's cost is not bounded, or undefined when it is. `source` must be a valid RegExp. */
export function patternProblem(source: string): string | undefined {
  if (source.length > MAX_PATTERN_LENGTH) return `at most ${MAX_PATTERN_LENGTH} characters`;
  const scan = new Scan();
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    const brace = c === '{' ? BRACE_QUANTIFIER.exec(source.slice(i))?.[0] : undefined;
    if (c === '*' || c === '+' || c === '?' || brace) {
      const problem = scan.quantify(c !== '?');
      if (problem) return problem;
      if (brace) i += brace.length - 1;
      if (source[i + 1] === '?') i++; // lazy
      continue;
    }
    scan.closed = undefined;
    if (c === '\\') {
      if (/[1-9]/.test(source[i + 1] ?? '') || source.startsWith('k<', i + 1)) return 'no backreferences';
      i++;
    } else if (c === '[') {
      i = classEnd(source, i);
    } else if (c === '(') {
      scan.open.push({ risky: false });
      if (source[i + 1] === '?') i++; // (?: (?= (?! (?<…: not a quantifier
    } else if (c === ')') {
      const group = scan.open.pop() as Group;
      if (group.risky) scan.markRisky();
      scan.closed = group;
    } else if (c === '|') {
      scan.markRisky();
    }
  }
  return undefined;
}

/** Whether the pattern matches the path; never for a path over MAX_MATCHED_PATH characters. */
export function patternMatches(pattern: RegExp, path: string): boolean {
  return path.length <= MAX_MATCHED_PATH && pattern.test(path);
}
