import type { ReactNode } from "react";

import { cn } from "@/lib/cn";

export type EmptyStateProps = {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  /** E.g. a <Button to="/products">. */
  action?: ReactNode;
  className?: string;
};

/** A friendly box for "nothing here (yet)": empty lists, empty cart, sections still to come. */
export function EmptyState({ title, children, icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center",
        className,
      )}
    >
      {icon ? (
        <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          {icon}
        </span>
      ) : null}
      <p className="text-lg font-semibold text-ink">{title}</p>
      {children ? <div className="mt-2 max-w-prose text-ink-muted">{children}</div> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
