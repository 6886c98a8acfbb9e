import { ratingLabel, Stars } from "@/components/star-rating";
import { t } from "@/features/product/messages";

/**
 * Under the product's name: its average stars and review count, a link down to the reviews.
 * Nothing before the first review: "No reviews yet" is said once, where reviews would be.
 */
export function RatingLink({ average, count }: { average: number; count: number }) {
  if (!count) return null;
  return (
    <p className="mt-2">
      <a
        href="#reviews"
        className="inline-flex items-center gap-2 rounded text-sm text-ink-muted hover:text-brand-700 hover:underline"
      >
        <Stars average={average} className="text-lg" />
        <span className="font-semibold text-ink">{average.toFixed(1)}</span>
        <span>{t("product.reviewCount", { count })}</span>
        <span className="sr-only">, {ratingLabel(average)}</span>
      </a>
    </p>
  );
}
