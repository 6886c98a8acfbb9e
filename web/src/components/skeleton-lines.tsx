import { Skeleton } from "@/components/skeleton";
import { cn } from "@/lib/cn";

/**
 * Lines of text in grey, one per width class ("" spans the width), e.g. a paragraph. Beside
 * skeleton.tsx, not in it: that module loads with the home page, which does not draw these.
 */
export function SkeletonLines({
  widths,
  lineClassName = "h-4",
  className,
}: {
  widths: readonly string[];
  lineClassName?: string;
  className?: string;
}) {
  return (
    <div className={cn("space-y-2", className)}>
      {widths.map((width, index) => (
        <Skeleton key={index} className={cn(lineClassName, width)} />
      ))}
    </div>
  );
}
