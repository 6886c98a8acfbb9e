import { has, set } from "../bit-set";

/** Bits per generation: 128 KB each. */
const BITS = 1 << 20;
const INDEX_MASK = BITS - 1;
/**
 * Marks per generation. A full generation has about 17 % of its bits set, so a new key looks seen
 * by mistake about 3 % of the time, rising to about 6 % just before a swap (both generations full).
 */
const KEYS_PER_GENERATION = 100_000;

/**
 * Which keys were seen lately: a Bloom filter of two hashes in two generations (the "doorkeeper"
 * of TinyLFU). A key counts as seen while it is in the current generation or the previous one,
 * so it is remembered for at least KEYS_PER_GENERATION marks after its own (a mark is a key not
 * in the current generation: a new one, or one carried over from the previous). It can answer
 * "seen" for a key it never saw (rarely), never the other way round. It allocates nothing per key.
 */
export class SeenBefore {
  private current = new Uint32Array(BITS / 32);
  private previous = new Uint32Array(BITS / 32);
  private markedInCurrent = 0;

  constructor(private readonly keysPerGeneration = KEYS_PER_GENERATION) {}

  /** Whether `key` was seen lately; either way it counts as seen from now on. */
  markSeen(key: string): boolean {
    const hash = fnv1a(key);
    // XOR-folded, as FNV's authors advise for fewer bits than the hash has: the low bits alone
    // miss what the multiplications carried into the high ones.
    const first = ((hash >>> 20) ^ hash) & INDEX_MASK;
    // A second index from the same hash, remixed by murmur3's finaliser.
    const second = finalMix(hash) & INDEX_MASK;
    if (has(this.current, first) && has(this.current, second)) return true;
    const seen = has(this.previous, first) && has(this.previous, second);
    if (this.markedInCurrent >= this.keysPerGeneration) this.startGeneration();
    set(this.current, first);
    set(this.current, second);
    this.markedInCurrent += 1;
    return seen;
  }

  private startGeneration() {
    const oldest = this.previous;
    this.previous = this.current;
    this.current = oldest.fill(0);
    this.markedInCurrent = 0;
  }
}

function fnv1a(text: string): number {
  let hash = 0x811c_9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x0100_0193);
  }
  return hash >>> 0;
}

function finalMix(hash: number): number {
  let mixed = Math.imul(hash ^ (hash >>> 16), 0x85eb_ca6b);
  mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2_ae35);
  return (mixed ^ (mixed >>> 16)) >>> 0;
}
