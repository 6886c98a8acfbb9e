import { useId, type ReactNode } from "react";

import { cn } from "@/lib/cn";

/**
 * A white card on a staff page: a section named by its own heading, an optional line under the
 * heading, then the card's content.
 */
export function Panel({
  title,
  description,
  level = 3,
  headingClassName = "font-semibold",
  children,
}: {
  title: string;
  description?: ReactNode;
  /** The heading's level on its page (h4 inside a form that has its own h3). */
  level?: 3 | 4;
  /** The heading's weight and spacing. */
  headingClassName?: string;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-5 shadow-sm">
      <Heading id={id} className={cn("text-lg text-ink", headingClassName)}>
        {title}
      </Heading>
      {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      {children}
    </section>
  );
}
