/**
 * Position of each 32-bit hash in a list of hashes, as an open-addressing table in two typed arrays (memory;
 * journal, "the combination made shippable"): the neural scorer's vocabularies (~30,000 hashes for c) took 1.4 MB of V8
 * heap as `Map`s, ~0.4 MB here. Like filling a `Map` with (hash, position) in order, a repeated hash keeps its last
 * position.
 */
export class HashIndex {
  private readonly keys: Int32Array;
  /** 1 + the position, 0 for an empty slot. */
  private readonly places: Int32Array;
  private readonly shift: number;
  private readonly mask: number;

  constructor(hashes: ArrayLike<number>) {
    // At most two thirds full, so that a lookup of an absent hash stops after a few slots.
    let bits = 1;
    while (1 << bits < 1.5 * hashes.length) bits++;
    const shift = (this.shift = 32 - bits);
    const mask = (this.mask = (1 << bits) - 1);
    const keys = (this.keys = new Int32Array(1 << bits));
    const places = (this.places = new Int32Array(1 << bits));
    // Locals and the hash written out: this loop runs once per table at load, before V8 optimises it.
    for (let i = 0; i < hashes.length; i++) {
      const h = hashes[i] | 0;
      let s = Math.imul(h, 0x9e3779b1) >>> shift;
      while (places[s] !== 0 && keys[s] !== h) s = (s + 1) & mask;
      keys[s] = h;
      places[s] = i + 1;
    }
  }

  /** The position of `hash` in the list, or −1. */
  get(hash: number): number {
    const h = hash | 0;
    for (let s = this.home(h); this.places[s]; s = (s + 1) & this.mask) if (this.keys[s] === h) return this.places[s] - 1;
    return -1;
  }

  /** Fibonacci hashing: the top bits of h · 2^32/φ, so that hashes alike in their low bits spread. */
  private home(h: number): number {
    return Math.imul(h, 0x9e3779b1) >>> this.shift;
  }
}
