/**
 * The value kept under `key`, made by `make` when missing, in a map kept most recently used last:
 * past `limit` entries the oldest goes. The catalogue index keeps its per-snapshot sets and
 * tables this way (a word's matches, a filter's bits, a filter's facet table).
 */
export function recentlyUsed<Key, Value>(
  map: Map<Key, Value>,
  key: Key,
  make: () => Value,
  limit: number,
): Value {
  const known = map.get(key);
  if (known !== undefined) map.delete(key);
  const value = known ?? make();
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value!);
  return value;
}
