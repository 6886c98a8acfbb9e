import { LoadingRegion, Skeleton } from "@/components/skeleton";

/** Placeholder rows while an admin list loads. */
export function ListSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <LoadingRegion label={label} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-16 w-full rounded-2xl" />
      ))}
    </LoadingRegion>
  );
}
