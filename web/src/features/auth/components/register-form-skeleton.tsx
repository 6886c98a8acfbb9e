import { LoadingRegion, Skeleton } from "@/components/skeleton";
import { AUTH_TEXTS } from "@/features/auth/config";

/**
 * The register form's shape while its code (the form library and the schemas) loads: three
 * fields (label 20 px, gap 6 px, input 44 px; the password's hint between, wrapped as the real
 * one is) and the large button (48 px), 20 px apart, as in RegisterForm. Same height, so the
 * link under the card does not move when the form arrives.
 */
export function RegisterFormSkeleton() {
  return (
    <LoadingRegion label="Loading the form…" className="flex flex-col gap-5">
      {[null, null, AUTH_TEXTS.passwordHint].map((hint, field) => (
        <div key={field} className="flex flex-col gap-1.5">
          <Skeleton className="h-5 w-24" />
          {hint ? (
            <p
              aria-hidden="true"
              className="w-fit animate-pulse rounded-lg bg-stone-200 text-sm text-transparent"
            >
              {hint}
            </p>
          ) : null}
          <Skeleton className="h-11" />
        </div>
      ))}
      <Skeleton className="h-12" />
    </LoadingRegion>
  );
}
