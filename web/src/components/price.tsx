import { cn } from "@/lib/cn";

/**
 * SPEC's '$ {price}', always with two decimals: 24.99 -> "$ 24.99", 1299 -> "$ 1,299.00".
 * Written out by hand rather than with Intl.NumberFormat: the first Intl formatter of a page
 * loads the browser's locale data, a long task on the home page's first render.
 */
export function formatPrice(amount: number): string {
  // Rounded half away from zero on the number's shortest decimal form, as Intl does (1.005 -> 1.01):
  // shifting the decimal point in the text ("1.005e2") rather than multiplying by 100 (100.49999…).
  const [mantissa = "0", exponent = "0"] = String(Math.abs(amount)).split("e");
  const cents = String(Math.round(Number(`${mantissa}e${Number(exponent) + 2}`))).padStart(3, "0");
  const whole = cents.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ",");
  const sign = amount < 0 || Object.is(amount, -0) ? "-" : "";
  return `$ ${sign}${whole}.${cents.slice(-2)}`;
}

/** Money is counted in whole cents, so 3 × 24.99 is 74.97 and not 74.97000000000001. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span className={cn("tabular-nums", className)}>{formatPrice(amount)}</span>;
}
