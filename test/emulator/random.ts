// Seeded randomness. Every generated value is a pure function of (seed, labels…), so two
// emulators with the same seed serve byte-identical data and a single invoice can be rebuilt
// from its index alone, without generating the ones before it.

const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a of one label and its terminating NUL, continuing from `h`. */
function fnvLabel(h: number, label: string | number): number {
  const text = String(label);
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return Math.imul(h, 0x01000193) >>> 0; // the NUL: h ^= 0 changes nothing
}

/**
 * The FNV state after the seed and `labels`: hash32(seed, ...labels, more) is
 * hashFrom(hashPrefix(seed, ...labels), more), so labels shared by many hashes (a company id)
 * are hashed once.
 */
export function hashPrefix(seed: number, ...labels: (string | number)[]): number {
  let h = (FNV_OFFSET ^ seed) >>> 0;
  for (const label of labels) h = fnvLabel(h, label);
  return h;
}

/** The final avalanche, so neighbouring indexes give unrelated streams. */
function avalanche(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** Finishes a hash begun by hashPrefix with one more label. */
export function hashFrom(prefix: number, label: string | number): number {
  return avalanche(fnvLabel(prefix, label));
}

/** 32-bit FNV-1a over the labels (each followed by a NUL), mixed with the seed. */
export function hash32(seed: number, ...labels: (string | number)[]): number {
  return avalanche(hashPrefix(seed, ...labels));
}

/** mulberry32: small, fast, good enough for test data. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  static of(seed: number, ...labels: (string | number)[]): Random {
    return new Random(hash32(seed, ...labels));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** An index into a list of `length` items: what pick draws. */
  index(length: number): number {
    return Math.floor(this.next() * length);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.index(items.length)];
  }

  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (let i = 0; i < items.length; i++) total += items[i][1];
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= items[i][1];
      if (r < 0) return items[i][0];
    }
    return items[items.length - 1][0];
  }

  hex(digits: number): string {
    let out = '';
    while (out.length < digits)
      out += Math.floor(this.next() * 0x10000)
        .toString(16)
        .padStart(4, '0');
    return out.slice(0, digits);
  }

  /** A version-4-shaped UUID. */
  uuid(): string {
    const h = this.hex(32);
    const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  alphanumeric(length: number): string {
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let out = '';
    for (let i = 0; i < length; i++) out += chars[Math.floor(this.next() * chars.length)];
    return out;
  }
}
