// A small seeded PRNG (mulberry32), so every fuzz input can be reproduced from the seed and its index.

export class Rng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A derived generator: the same (seed, index) always gives the same stream. */
  static for(seed: number, index: number): Rng {
    return new Rng(hash32(`${seed}:${index}`));
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.int(items.length)]!;
  }

  /** Picks by weight: `[[weight, value], ...]`. */
  weighted<T>(table: readonly (readonly [number, T])[]): T {
    const total = table.reduce((n, [w]) => n + w, 0);
    let r = this.next() * total;
    for (const [w, v] of table) {
      if ((r -= w) < 0) return v;
    }
    return table[table.length - 1]![1];
  }
}

/** FNV-1a, for deriving seeds from strings. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
