// Several needles found in one left-to-right pass (Aho–Corasick): each unit of the text costs one
// table look-up, however many needles there are and however long they are, so the cost of
// redaction does not grow with the key's length.

export interface Needle {
  units: readonly number[];
  /** Base64: any `=` padding after it goes with it. */
  padded: boolean;
}

/** What ends at a state: the longest needle (0 for none), and whether any ending there is Base64. */
interface Ending {
  length: number;
  padded: boolean;
}

export class NeedleSet {
  readonly longest: number;
  /** The shortest needle's length: a text of fewer UTF-16 units holds none (escapes only lengthen). */
  readonly shortest: number;
  /** Unit → column of the transition table, for building. */
  private readonly column = new Map<number, number>();
  /** The same, dense for the search: a UTF-16 unit → its column, -1 for units in no needle. */
  private readonly columnOf = new Int16Array(0x10000).fill(-1);
  private readonly width: number;
  private readonly table: Int32Array;
  private readonly endings: Ending[];

  constructor(needles: readonly Needle[]) {
    const kept = needles.filter((n) => n.units.length > 0);
    this.longest = Math.max(0, ...kept.map((n) => n.units.length));
    this.shortest = Math.min(...kept.map((n) => n.units.length));
    for (const n of kept) for (const u of n.units) if (!this.column.has(u)) this.column.set(u, this.column.size);
    const trie = buildTrie(kept, this.column);
    const width = Math.max(1, this.column.size);
    for (const [unit, col] of this.column) this.columnOf[unit] = col;
    this.width = width;
    this.table = new Int32Array(trie.children.length * width);
    this.endings = trie.endings;
    this.link(trie.children, width);
  }

  /** The state after `state` reads `unit` (0 is the start). */
  step(state: number, unit: number): number {
    const col = this.columnOf[unit];
    return col < 0 ? 0 : this.table[state * this.width + col];
  }

  ending(state: number): Ending {
    return this.endings[state];
  }

  /** Failure links, breadth first, folded into a full transition table; each state's endings
   * take in those of its longest proper suffix. */
  private link(children: Map<number, number>[], width: number): void {
    const fail = new Int32Array(children.length);
    const queue: number[] = [];
    for (let col = 0; col < width; col++) {
      const child = children[0].get(col) ?? 0;
      this.table[col] = child;
      if (child !== 0) queue.push(child);
    }
    for (let q = 0; q < queue.length; q++) {
      const state = queue[q];
      const own = this.endings[state];
      const inherited = this.endings[fail[state]];
      this.endings[state] = { length: Math.max(own.length, inherited.length), padded: own.padded || inherited.padded };
      for (let col = 0; col < width; col++) {
        const child = children[state].get(col);
        const viaFail = this.table[fail[state] * width + col];
        if (child === undefined) {
          this.table[state * width + col] = viaFail;
        } else {
          this.table[state * width + col] = child;
          fail[child] = viaFail;
          queue.push(child);
        }
      }
    }
  }
}

function buildTrie(
  needles: readonly Needle[],
  column: Map<number, number>,
): { children: Map<number, number>[]; endings: Ending[] } {
  const children: Map<number, number>[] = [new Map<number, number>()];
  const endings: Ending[] = [{ length: 0, padded: false }];
  for (const needle of needles) {
    let state = 0;
    for (const unit of needle.units) {
      const col = column.get(unit) ?? 0;
      let next = children[state].get(col);
      if (next === undefined) {
        next = children.length;
        children.push(new Map<number, number>());
        endings.push({ length: 0, padded: false });
        children[state].set(col, next);
      }
      state = next;
    }
    const e = endings[state];
    endings[state] = { length: Math.max(e.length, needle.units.length), padded: e.padded || needle.padded };
  }
  return { children, endings };
}
