import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

/** "4.5 out of 5 stars": what the stars say to a screen reader. */
export const ratingLabel = (average: number) => t("components.stars", { average: average.toFixed(1) });

/**
 * Five stars filled to `average` (a grey row under an amber one clipped to its share), drawn
 * with text so a card pays only a few bytes for it. Decorative: callers give the words.
 */
export function Stars({ average, className }: { average: number; className?: string }) {
  const filled = `${Math.max(0, Math.min(5, average)) * 20}%`;
  return (
    <span aria-hidden="true" className={cn("relative inline-block leading-none tracking-tight", className)}>
      <span className="text-stone-300">★★★★★</span>
      <span className="absolute inset-y-0 left-0 overflow-hidden text-amber-500" style={{ width: filled }}>
        ★★★★★
      </span>
    </span>
  );
}

/** The average and the count of a product's reviews, as on a card; nothing when there are none. */
export function RatingLine({
  average,
  count,
  className,
}: {
  average: number;
  count: number;
  className?: string;
}) {
  // `!count`: an answer from before ratings existed (a cached page) has none.
  if (!count) return null;
  return (
    <p className={cn("flex items-center gap-1.5 text-sm text-ink-muted", className)}>
      <Stars average={average} />
      <span aria-hidden="true" className="font-medium text-ink">
        {average.toFixed(1)}
      </span>
      <span aria-hidden="true">({count})</span>
      <span className="sr-only">{t("components.rating", { average: average.toFixed(1), count })}</span>
    </p>
  );
}
