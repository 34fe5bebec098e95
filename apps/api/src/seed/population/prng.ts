/**
 * A small, fast, seedable PRNG (sfc32) so a seed always yields the same population, on any
 * machine and whatever the chunking: each user draws from its own stream derived from
 * (seed, user id), so generating users in a different order cannot change their data.
 */
const HEX_SCRATCH = Buffer.alloc(64);

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream = 0) {
    this.a = 0x9e3779b9 ^ seed;
    this.b = 0x243f6a88 ^ Math.imul(stream, 0x85ebca6b);
    this.c = 0xb7e15162 ^ Math.imul(seed ^ stream, 0xc2b2ae35);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** A uniformly distributed unsigned 32-bit integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [min, max]. */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  /** Picks by weight; `weights` has one entry per item. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      x -= weights[i] ?? 0;
      if (x < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  /** A geometric-like count with the given mean (exponential, floored). */
  count(mean: number): number {
    return Math.floor(-Math.log(1 - this.next()) * mean);
  }

  /** `length` lowercase hex digits. */
  hex(length: number): string {
    // Four random bytes per draw into a scratch buffer, hex-encoded natively in one go
    // (string concatenation per byte pair was a tenth of the generator's time).
    const bytes = Math.ceil(length / 2);
    const scratch = bytes <= HEX_SCRATCH.length ? HEX_SCRATCH : Buffer.alloc(bytes + 3);
    for (let i = 0; i < bytes; i += 4) {
      const v = this.nextUint32();
      // Low half first, each half big-endian: the digit order of the original generator.
      scratch.writeUInt16BE(v & 0xffff, i);
      scratch.writeUInt16BE(v >>> 16, i + 2);
    }
    const s = scratch.toString('hex', 0, bytes);
    return s.length === length ? s : s.slice(0, length);
  }

  /** A uniformly random bigint in [0, max) for max below 2^64. */
  bigint(max: bigint): bigint {
    const v = (BigInt(this.nextUint32()) << 32n) | BigInt(this.nextUint32());
    return v % max;
  }
}
