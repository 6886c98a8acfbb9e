import { cn } from "@/lib/cn";

const amountFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** SPEC's '$ {price}', always with two decimals: 24.99 -> "$ 24.99", 1299 -> "$ 1,299.00". */
export function formatPrice(amount: number): string {
  return `$ ${amountFormat.format(amount)}`;
}

/** Money is counted in whole cents, so 3 × 24.99 is 74.97 and not 74.97000000000001. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span className={cn("tabular-nums", className)}>{formatPrice(amount)}</span>;
}
