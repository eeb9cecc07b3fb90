// Where the tree keeps each company's query nodes: SavedQueries under the scope an injected
// function gives the company node (the id of the account it is listed under). The scope is taken
// once, when the company's node is made, so a write can never land in another scope's entries. Writes run one after another, and
// `settled()` lets a command (or a test) wait until what it changed is stored.
import type { SavedQueries, SavedQuery } from './savedQueries';

/** One company's query nodes in one scope: what was stored when its node was made, and a writer
 * of its whole list. */
export interface CompanyQueryStore {
  readonly entries: readonly SavedQuery[];
  save(entries: readonly SavedQuery[]): void;
}

export class QueryNodeStore<C extends { readonly company: { readonly id: string } }> {
  private writes: Promise<void> = Promise.resolve();

  constructor(
    readonly saved: SavedQueries,
    /** The scope of a company node; undefined keeps its queries for this session only. */
    private readonly scopeOf: (company: C) => string | undefined,
    /** A write that failed: the tree goes on, the log says so. */
    private readonly onError: (error: unknown) => void,
  ) {}

  forCompany(company: C): CompanyQueryStore | undefined {
    const scope = this.scopeOf(company);
    if (scope === undefined) return undefined;
    const id = company.company.id;
    return {
      entries: this.saved.list(scope, id),
      save: (entries) => {
        const copy = [...entries];
        this.writes = this.writes.then(() => this.saved.replace(scope, id, copy)).catch(this.onError);
      },
    };
  }

  /** Resolves once every write asked for so far has been made (or has failed and been reported). */
  settled(): Promise<void> {
    return this.writes;
  }
}
