import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

const sizes = {
  sm: "size-4 border-2",
  md: "size-8 border-[3px]",
  lg: "size-12 border-4",
} as const;

export type SpinnerProps = {
  size?: keyof typeof sizes;
  /** Read out by screen readers; also shown when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  /** "brand" on light backgrounds; "current" takes the text colour (e.g. inside a button). */
  tone?: "brand" | "current";
  /** Inside an element that is itself a live region, which announces the label: no second one. */
  inLiveRegion?: boolean;
  className?: string;
};

/** A loading indicator announced politely to assistive technology. */
export function Spinner({
  size = "md",
  label = t("components.loading"),
  showLabel = false,
  tone = "brand",
  inLiveRegion = false,
  className,
}: SpinnerProps) {
  return (
    // The label names the status (so it can be found by role and name) and is its announced text.
    <span
      role={inLiveRegion ? undefined : "status"}
      aria-label={inLiveRegion ? undefined : label}
      className={cn("inline-flex items-center gap-3", className)}
    >
      <span
        aria-hidden="true"
        className={cn(
          "animate-spin rounded-full motion-reduce:animate-[spin_1.5s_linear_infinite]",
          tone === "brand" ? "border-brand-200 border-t-brand-600" : "border-current/30 border-t-current",
          sizes[size],
        )}
      />
      <span className={showLabel ? "text-sm text-ink-muted" : "sr-only"}>{label}</span>
    </span>
  );
}

/** A spinner centred in the page area, for whole-page loading states. */
export function PageSpinner({ label = t("components.loadingPage") }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner size="lg" label={label} showLabel />
    </div>
  );
}
