import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

export type ProgressBarProps = {
  /** Names the bar for assistive technology, e.g. "Uploading photo.png". */
  label: string;
  /** 0–100; undefined while the size is unknown (the bar then pulses). */
  percent: number | undefined;
  className?: string;
};

/** A horizontal progress bar (role="progressbar") with its percentage beside it. */
export function ProgressBar({ label, percent, className }: ProgressBarProps) {
  const value = percent === undefined ? undefined : Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={value === undefined ? t("components.starting") : `${value}%`}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={cn(
            "h-full rounded-full bg-brand-600 transition-[width] duration-200",
            value === undefined && "w-1/4 animate-pulse",
          )}
          style={value === undefined ? undefined : { width: `${value}%` }}
        />
      </div>
      <span aria-hidden="true" className="w-10 text-right text-sm font-medium text-ink-muted tabular-nums">
        {value === undefined ? "" : `${value}%`}
      </span>
    </div>
  );
}
