/**
 * "Showing 11–20 of 57 users"; "No users" when the list is empty; "… of more than 10,000 users"
 * when the server stopped counting (`capped`: it answers the cap + 1).
 */
export function describeRange(
  offset: number,
  shown: number,
  total: number,
  noun: { one: string; many: string },
  capped = false,
) {
  if (total === 0 || shown === 0) return `No ${noun.many}`;
  const first = offset + 1;
  const last = offset + shown;
  const name = total === 1 ? noun.one : noun.many;
  const of = capped ? `more than ${(total - 1).toLocaleString("en")}` : String(total);
  return first === last ? `Showing ${first} of ${of} ${name}` : `Showing ${first}–${last} of ${of} ${name}`;
}
