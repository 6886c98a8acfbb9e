import { Button } from "@/components/button";
import { RefreshIcon } from "@/components/icons";
import { getErrorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";

/** What QueryError reads of a failed TanStack query: its error, and a refetch to retry it. */
export type RetryableQuery = { error: unknown; isRefetching: boolean; refetch: () => unknown };

export type QueryErrorProps = {
  /** What failed, e.g. "We couldn’t load the products". */
  title: string;
  /** Smaller, left-aligned variant for inline errors (e.g. under a list). */
  compact?: boolean;
  className?: string;
} & (
  | {
      error: unknown;
      onRetry: () => void;
      /** True while the retry runs: the button shows a spinner. */
      isRetrying?: boolean;
    }
  /** The failed query itself: its error, retried by a refetch (with a spinner while it runs). */
  | { query: RetryableQuery }
);

function retryOf(props: QueryErrorProps) {
  if (!("query" in props)) return props;
  const { query } = props;
  return { error: query.error, isRetrying: query.isRefetching, onRetry: () => void query.refetch() };
}

/** The error state of a list or a page: what failed, why (from the server), and a retry. */
export function QueryError(props: QueryErrorProps) {
  const { title, compact = false, className } = props;
  const { error, onRetry, isRetrying = false } = retryOf(props);
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center rounded-2xl border border-red-200 bg-red-50 text-center",
        compact ? "px-4 py-5" : "px-6 py-12",
        className,
      )}
    >
      <p className={cn("font-semibold text-red-900", compact ? "text-base" : "text-lg")}>{title}</p>
      <p className="mt-2 max-w-prose text-sm text-red-900/80">{getErrorMessage(error)}</p>
      <Button
        className="mt-5"
        variant="dark"
        size={compact ? "sm" : "base"}
        icon={<RefreshIcon />}
        isLoading={isRetrying}
        onClick={onRetry}
      >
        {t("errors.tryAgain")}
      </Button>
    </div>
  );
}
