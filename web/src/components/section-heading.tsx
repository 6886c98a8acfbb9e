import type { ReactNode } from "react";

import { Typewriter } from "@/components/typewriter";
import { cn } from "@/lib/cn";

export type SectionHeadingProps = {
  title: string;
  /** Type the title out (SPEC's typed headings). */
  typed?: boolean;
  /** A small caption above the heading, e.g. '2022 Trendsetters'. */
  eyebrow?: ReactNode;
  subtitle?: ReactNode;
  level?: 1 | 2;
  id?: string;
  align?: "left" | "center";
  /** E.g. a 'See More' link, placed at the right on wide screens. */
  action?: ReactNode;
  className?: string;
};

/** The heading of a home-page section (or a page), optionally typed out. */
export function SectionHeading({
  title,
  typed = false,
  eyebrow,
  subtitle,
  level = 2,
  id,
  align = "left",
  action,
  className,
}: SectionHeadingProps) {
  const Heading = level === 1 ? "h1" : "h2";
  const centred = align === "center";
  return (
    <div
      className={cn(
        "mb-8 flex flex-col gap-4",
        centred ? "items-center text-center" : "sm:flex-row sm:items-end sm:justify-between",
        className,
      )}
    >
      <div className={cn("max-w-2xl", centred && "mx-auto")}>
        {eyebrow ? (
          <p className="mb-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        ) : null}
        <Heading id={id} className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {typed ? <Typewriter text={title} /> : title}
        </Heading>
        {subtitle ? <p className="mt-3 text-base text-ink-muted text-pretty sm:text-lg">{subtitle}</p> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
