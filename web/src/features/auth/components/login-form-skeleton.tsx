import { LoadingRegion, Skeleton } from "@/components/skeleton";

/**
 * The login form's shape while its code (the form library and the schemas) loads: two fields
 * (label 20 px, gap 6 px, input 44 px) and the large button (48 px), 20 px apart, as in
 * LoginForm. Same height, so the link under the card does not move when the form arrives.
 */
export function LoginFormSkeleton() {
  return (
    <LoadingRegion label="Loading the form…" className="flex flex-col gap-5">
      {[0, 1].map((field) => (
        <div key={field} className="flex flex-col gap-1.5">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-11" />
        </div>
      ))}
      <Skeleton className="h-12" />
    </LoadingRegion>
  );
}
