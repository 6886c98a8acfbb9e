/** "Showing 11–20 of 57 users"; "No users" when the list is empty. */
export function describeRange(
  offset: number,
  shown: number,
  total: number,
  noun: { one: string; many: string },
) {
  if (total === 0 || shown === 0) return `No ${noun.many}`;
  const first = offset + 1;
  const last = offset + shown;
  const name = total === 1 ? noun.one : noun.many;
  return first === last
    ? `Showing ${first} of ${total} ${name}`
    : `Showing ${first}–${last} of ${total} ${name}`;
}
