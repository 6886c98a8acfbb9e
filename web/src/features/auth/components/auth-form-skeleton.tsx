import { LoadingRegion, Skeleton } from "@/components/skeleton";
import { t } from "@/features/auth/messages";

/**
 * A sign-in form's shape while its code (the form library and the schemas) loads: one field per
 * entry of `fieldHints` (label 20 px, gap 6 px, the hint under it wrapped as the real one is,
 * input 44 px) and the large button (48 px), 20 px apart, as in LoginForm and RegisterForm. Same
 * height, so the link under the card does not move when the form arrives.
 */
export function AuthFormSkeleton({ fieldHints }: { fieldHints: readonly (string | null)[] }) {
  return (
    <LoadingRegion label={t("auth.loadingForm")} className="flex flex-col gap-5">
      {fieldHints.map((hint, field) => (
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
