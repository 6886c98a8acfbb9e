import { LoadingRegion, Skeleton } from "@/components/skeleton";
import { t } from "@/features/checkout/messages";

/** Grey blocks in the checkout's shape while the cart and the profile load. */
export function CheckoutSkeleton() {
  return (
    <LoadingRegion label={t("checkout.loading")} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <Skeleton className="h-56 rounded-2xl lg:col-start-2 lg:row-start-1" />
      <div className="flex flex-col gap-6 lg:col-start-1 lg:row-start-1">
        <Skeleton className="h-80 rounded-2xl" />
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    </LoadingRegion>
  );
}
