import type { ReactNode } from "react";

import { APP_NAME } from "@/config/app";
import { cn } from "@/lib/cn";

export type PageTitleProps = {
  title: string;
  /** A line of text under the heading. */
  subtitle?: ReactNode;
  /** A small caption above the heading (e.g. "2022 Trendsetters"). */
  eyebrow?: ReactNode;
  /** 1 for the page heading; 2 for a section heading inside a layout that owns the h1. */
  level?: 1 | 2;
  /** The browser tab title; defaults to the heading. Pass false to leave it alone. */
  documentTitle?: string | false;
  align?: "left" | "center";
  className?: string;
};

/** A page's h1: PageTitle's, and that of a page that moves focus to its heading on arrival. */
export const PAGE_HEADING_CLASSES = "text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl";

/** The heading of a page, which also sets the document title (React 19 hoists <title>). */
export function PageTitle({
  title,
  subtitle,
  eyebrow,
  level = 1,
  documentTitle = title,
  align = "left",
  className,
}: PageTitleProps) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className={cn("mb-8", align === "center" && "text-center", className)}>
      {documentTitle !== false ? <title>{`${documentTitle} · ${APP_NAME}`}</title> : null}
      {eyebrow ? (
        <p className="mb-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      ) : null}
      <Heading
        className={
          level === 1
            ? PAGE_HEADING_CLASSES
            : "text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl"
        }
      >
        {title}
      </Heading>
      {subtitle ? <p className="mt-3 text-base text-ink-muted text-pretty">{subtitle}</p> : null}
    </div>
  );
}

/**
 * The title of a page in the dashboard, whose layout owns the h1: a section heading, 6 units above
 * the page's content unless `className` sets another margin.
 */
export function DeskPageTitle({ className = "mb-6", ...props }: Omit<PageTitleProps, "level">) {
  return <PageTitle {...props} level={2} className={className} />;
}
