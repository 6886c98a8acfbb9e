import { LoadingRegion, Skeleton } from "@/components/skeleton";
import { SkeletonLines } from "@/components/skeleton-lines";
import { t } from "@/features/orders/messages";

/** Grey rows while a list of orders loads. */
export function OrdersSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <LoadingRegion label={t("orders.loading")} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          className="flex items-center gap-4 rounded-2xl border border-line bg-white p-4 sm:p-5"
        >
          <Skeleton className="hidden size-12 shrink-0 sm:block" />
          <SkeletonLines widths={["w-32", "w-48"]} className="flex-1" />
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
      ))}
    </LoadingRegion>
  );
}
