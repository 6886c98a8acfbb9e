import { LoadingRegion, Skeleton } from "@/components/skeleton";
import { ORDERS_TEXT } from "@/features/orders/config";

/** Grey rows while a list of orders loads. */
export function OrdersSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <LoadingRegion label={ORDERS_TEXT.loading} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          className="flex items-center gap-4 rounded-2xl border border-line bg-white p-4 sm:p-5"
        >
          <Skeleton className="hidden size-12 shrink-0 sm:block" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-48" />
          </div>
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
      ))}
    </LoadingRegion>
  );
}
