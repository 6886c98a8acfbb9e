import { LoadingRegion, Skeleton } from "@/components/skeleton";
import { SkeletonLines } from "@/components/skeleton-lines";
import { CART_PAGE_TEXT } from "@/features/cart/texts";

const ROWS = 3;

/** Grey lines and a grey summary while the cart loads; announced once as loading. */
export function CartSkeleton() {
  return (
    <LoadingRegion label={CART_PAGE_TEXT.loading} className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 sm:p-5">
        {Array.from({ length: ROWS }, (_, index) => (
          <div key={index} className="flex items-center gap-4">
            <Skeleton className="size-16 shrink-0" />
            <SkeletonLines widths={["w-2/3", "w-1/3"]} className="flex-1" />
            <Skeleton className="hidden h-9 w-40 sm:block" />
          </div>
        ))}
      </div>
      <Skeleton className="h-48 rounded-2xl" />
    </LoadingRegion>
  );
}
