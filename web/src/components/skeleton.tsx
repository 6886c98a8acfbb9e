import type { ReactNode } from "react";

import { cn } from "@/lib/cn";

/** A grey placeholder block that pulses while content loads (still under reduced motion). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-lg bg-stone-200", className)} />;
}

/** Announces the loading state once and hides the placeholder shapes from assistive technology. */
export function LoadingRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
