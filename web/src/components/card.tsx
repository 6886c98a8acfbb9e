import type { ReactNode } from "react";

import { cn } from "@/lib/cn";

/** A white card on a page: rounded, a hairline border, a soft shadow, roomier from sm up. */
export const CARD_CLASSES = "rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6";

type CardSectionProps = {
  className?: string;
  children: ReactNode;
} & ({ "aria-label": string } | { "aria-labelledby": string });

/** A white card that is a section of its page, named by a label or by its own heading. */
export function CardSection({ className, children, ...name }: CardSectionProps) {
  return (
    <section {...name} className={cn(CARD_CLASSES, className)}>
      {children}
    </section>
  );
}
