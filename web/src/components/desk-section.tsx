import type { ReactNode } from "react";

import { cn } from "@/lib/cn";

type DeskSectionProps = {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** The gap between its heading and what follows, and any margin around it. */
  className?: string;
  children: ReactNode;
};

/** A part of a dashboard page named by its own h3: the campaigns sent, the shoppers waiting… */
export function DeskSection({ id, title, className, children }: DeskSectionProps) {
  return (
    <section aria-labelledby={id} className={cn("flex flex-col", className)}>
      <h3 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}
