// Rules added at run time through /_emulator (faults, push rules): each gets an id (`fault-1`,
// `push-1`) and a count of the times it was applied; they are listed, removed one by one, cleared.

/** A rule as kept: its id and how many times it was applied so far. */
export type RuleEntry<R> = R & { id: string; applied: number };

export class RuleList<R extends object> {
  protected rules: RuleEntry<R>[] = [];
  private nextId = 1;

  constructor(
    private readonly prefix: string,
    private readonly validate: (rule: R) => R,
  ) {}

  /** Adds a rule and returns its id; throws what `validate` throws for a rule that is not valid. */
  add(rule: R): string {
    const entry: RuleEntry<R> = { ...this.validate(rule), id: `${this.prefix}-${this.nextId++}`, applied: 0 };
    this.rules.push(entry);
    return entry.id;
  }

  list(): RuleEntry<R>[] {
    return this.rules.map((r) => ({ ...r }));
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  /** Back to the seeded state: no rules, ids from 1 again. */
  reset(): void {
    this.rules = [];
    this.nextId = 1;
  }
}
