// Bit sets in a Uint32Array: bit p is bit p % 32 of word p / 32. Shared by the catalogue index's
// filter sets (products/filter-bits.ts) and the response cache's filter of recent misses
// (cache/seen-before.ts).

export function set(bits: Uint32Array, position: number) {
  bits[position >>> 5]! |= 1 << (position & 31);
}

export function clear(bits: Uint32Array, position: number) {
  bits[position >>> 5]! &= ~(1 << (position & 31));
}

export function has(bits: Uint32Array, position: number): boolean {
  return ((bits[position >>> 5]! >>> (position & 31)) & 1) === 1;
}
