import { LoadingRegion, Skeleton } from "@/components/skeleton";
import { SkeletonLines } from "@/components/skeleton-lines";
import { t } from "@/features/product/messages";

/** The product page's layout in grey while the product loads. */
export function ProductDetailsSkeleton() {
  return (
    <LoadingRegion label={t("product.loading")}>
      <Skeleton className="mb-6 h-5 w-64" />
      <div aria-hidden="true" className="grid gap-8 lg:grid-cols-2 lg:gap-14">
        <Skeleton className="aspect-square w-full rounded-3xl" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-4/5" />
          <Skeleton className="h-9 w-32" />
          <SkeletonLines widths={["", "", "w-3/4"]} className="mt-4" />
          <Skeleton className="mt-6 h-24 rounded-2xl" />
        </div>
      </div>
    </LoadingRegion>
  );
}
