import { minorToMajor, plainAmount } from "@shop/contract/currency";

/**
 * CSV formula injection (OWASP): a spreadsheet runs a cell that starts with = + - @ (or a tab or
 * carriage return before one). Exports put a ' in front of such a cell; imports take exactly that
 * quote off again, so a round trip keeps the text as it was.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutraliseFormula = (cell: string): string => (FORMULA_START.test(cell) ? `'${cell}` : cell);

export const restoreFormula = (cell: string): string =>
  cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;

/** Minor units as the price column writes them, with the currency's decimals: 1250 -> "12.50" (USD), "1250" (JPY), "1.250" (KWD). */
export const formatCents = (cents: number): string => plainAmount(minorToMajor(cents));
